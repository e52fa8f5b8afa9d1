/** Medians and the few number formats the report uses. */

export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** "1,234 ms (1,200–1,300)": the median and the spread of the rounds. */
export function spread(values: number[], format: (value: number) => string): string {
	if (values.length === 0) return 'n/a';
	const text = format(median(values));
	if (values.length === 1) return text;
	return `${text} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
}

export function thousands(value: number, decimals = 0): string {
	if (!Number.isFinite(value)) return 'n/a';
	return value.toLocaleString('en-US', {
		minimumFractionDigits: decimals,
		maximumFractionDigits: decimals,
	});
}

export const ms = (value: number) => `${thousands(value, value < 10 ? 2 : value < 100 ? 1 : 0)} ms`;
export const us = (value: number) => `${thousands(value, value < 10 ? 2 : 1)} µs`;
export const mb = (bytes: number) => `${thousands(bytes / 1024 / 1024, 1)} MB`;
export const perSecond = (value: number) => `${thousands(value)}/s`;
export const ratio = (value: number, decimals = 2) =>
	Number.isFinite(value) ? `${value.toFixed(decimals)}×` : 'n/a';
export const percent = (value: number) => `${(value * 100).toFixed(value < 0.1 ? 2 : 1)} %`;
