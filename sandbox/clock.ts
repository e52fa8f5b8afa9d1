/**
 * Sandbox time. With autoSettle the clock follows real time (plus whatever advanceTime added), so people
 * see realistic timestamps. Without it the clock stands still between advanceTime calls: a test that
 * advances 1999 ms must not see a 2000 ms payout settle because the machine was slow.
 */
export class SandboxClock {
	private offsetMs = 0;

	private readonly frozenAt: number | undefined;

	constructor(followRealTime: boolean) {
		this.frozenAt = followRealTime ? undefined : Date.now();
	}

	now(): number {
		return (this.frozenAt ?? Date.now()) + this.offsetMs;
	}

	advance(ms: number): void {
		this.offsetMs += ms;
	}
}

/** The spec's record timestamps: ISO 8601 UTC, second precision, trailing Z. */
export function formatRecordTime(epochMs: number): string {
	return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The spec's transaction timestamps: `YYYY-MM-DD HH:MM:SS.ffffff`, no zone marker. */
export function formatTransactionTime(epochMs: number): string {
	const iso = new Date(epochMs).toISOString();
	// The clock has millisecond resolution; the last three of the six fractional digits are always 0.
	return `${iso.slice(0, 10)} ${iso.slice(11, 23)}000`;
}

/** Inverse of formatRecordTime, for records whose createdAt a caller supplied. */
export function parseRecordTime(text: string): number | undefined {
	const epochMs = Date.parse(text);
	return Number.isNaN(epochMs) ? undefined : epochMs;
}
