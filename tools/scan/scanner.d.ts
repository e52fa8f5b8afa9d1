/** The parts of n8n's verification scanner (`@n8n/scan-community-package`, plain ESM without types) we call. */
declare module '@n8n/scan-community-package/scanner/scanner.mjs' {
	export interface ScanResult {
		passed: boolean;
		message?: string;
		/** ESLint's stylish report when rules were broken. */
		details?: string;
	}
	/** The files n8n lints in a package's source checkout. */
	export const SOURCE_FILE_PATTERNS: string[];
	/** Lints `packageDir` with n8n's own flat config; inline `eslint-disable` comments are ignored. */
	export function analyzePackage(packageDir: string, filePatterns?: string[]): Promise<ScanResult>;
}
