// TYLT's clock is UTC, so a time without a zone is UTC; `Date.parse` would read it in the n8n host's zone.
// A time this does not describe is unknown, not whatever a lenient parser guesses.
const TYLT_TIME =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

export function tyltTimeMs(value: unknown): number | undefined {
	if (typeof value !== 'string') return undefined;
	const match = TYLT_TIME.exec(value.trim());
	if (match === null) return undefined;
	const [, year, month, day, hour, minute, second = '0', fraction = '', zone = 'Z'] = match;
	const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number);
	if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return undefined;
	const utcMs = Date.UTC(y, mo - 1, d, h, mi, s, Number(fraction.padEnd(3, '0').slice(0, 3)));
	// Date.UTC rolls 31 February over into March; a day the month does not have is not a time.
	if (new Date(utcMs).getUTCDate() !== d) return undefined;
	const offsetMs = zoneOffsetMs(zone);
	return offsetMs === undefined ? undefined : utcMs - offsetMs;
}

function zoneOffsetMs(zone: string): number | undefined {
	if (zone.toUpperCase() === 'Z') return 0;
	const digits = zone.slice(1).replace(':', '');
	const hours = Number(digits.slice(0, 2));
	const minutes = Number(digits.slice(2) || '0');
	if (hours > 23 || minutes > 59) return undefined;
	return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes) * 60_000;
}
