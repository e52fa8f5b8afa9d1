/**
 * @jest-environment ./test/support/tokyoTimeZone.ts
 */
/**
 * TYLT times, read in a process nine hours east of UTC: a time without a zone is TYLT's, in UTC, never the
 * n8n host's local time.
 */
import { tyltTimeMs } from '../../nodes/shared/tyltTime';

const MIDNIGHT_UTC = Date.UTC(2026, 0, 15, 0, 0, 0);

it('runs in a zone east of UTC (else this file proves nothing)', () => {
	expect(new Date(MIDNIGHT_UTC).getTimezoneOffset()).toBe(-540);
});

it.each([
	['a payout record time (spec: ISO 8601 UTC, trailing Z)', '2026-01-15T00:00:00Z', MIDNIGHT_UTC],
	[
		'a transaction time (spec: space, six fractional digits, no zone)',
		'2026-01-15 00:00:00.250000',
		MIDNIGHT_UTC + 250,
	],
	['an ISO time without a zone', '2026-01-15T00:00:00', MIDNIGHT_UTC],
	['an ISO time without a zone, with milliseconds', '2026-01-15T00:00:00.123', MIDNIGHT_UTC + 123],
	['minutes only, no zone', '2026-01-15 00:00', MIDNIGHT_UTC],
	['a lower-case t and z (RFC 3339 allows them)', '2026-01-15t00:00:00z', MIDNIGHT_UTC],
	['an explicit offset', '2026-01-15T09:00:00+09:00', MIDNIGHT_UTC],
	['an offset without a colon', '2026-01-14T19:00:00-0500', MIDNIGHT_UTC],
	['an offset in hours', '2026-01-15T09:00:00+09', MIDNIGHT_UTC],
	['surrounding spaces', '  2026-01-15 00:00:00  ', MIDNIGHT_UTC],
])('reads %s: %s', (_what, text, expected) => {
	expect(tyltTimeMs(text)).toBe(expected);
});

it.each([
	['a date without a time', '2026-01-15'],
	['a day the month does not have', '2026-02-30T00:00:00Z'],
	['month 13', '2026-13-01T00:00:00Z'],
	['hour 24', '2026-01-15T24:00:00Z'],
	['words', 'yesterday'],
	['an HTTP date', 'Thu, 15 Jan 2026 00:00:00 GMT'],
	['epoch milliseconds as text', '1768435200000'],
	['a number', 1768435200000],
	['empty', ''],
	['missing', undefined],
	['null', null],
])('does not read %s (callers treat the time as unknown)', (_what, value) => {
	expect(tyltTimeMs(value)).toBeUndefined();
});
