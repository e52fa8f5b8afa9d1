/**
 * What TYLT says back may repeat what it was sent ("signature … is not valid for API key …"). Its words reach
 * errors, which whoever runs the node sees (an AI agent included), and TYLT signs without a nonce, so an echoed
 * signature could be replayed. The one place that scrubs TYLT's words of the credential and the signature.
 */

/** The signature's shape: an HMAC-SHA256 in hex. Any such run goes, whatever it signed. */
const HEX_RUN = /[0-9a-f]{64,}/gi;

export const REDACTED = '[redacted]';

/** `text` with every `secret` (the API key, the API secret) and every signature-shaped run replaced. */
export function redactSecrets(text: string, secrets: readonly unknown[]): string {
	let redacted = text;
	for (const secret of secrets) {
		if (typeof secret !== 'string' || secret === '') continue;
		redacted = redacted.split(secret).join(REDACTED);
	}
	return redacted.replace(HEX_RUN, REDACTED);
}
