/**
 * What TYLT says back may repeat what it was sent ("signature … is not valid for API key …"). Its words reach
 * errors, which whoever runs the node sees (an AI agent included), and TYLT signs without a nonce, so an echoed
 * signature could be replayed. The one place that scrubs TYLT's words of the credential and the signature.
 */

/** The signature's shape: an HMAC-SHA256 in hex. Any such run goes, whatever it signed. */
const HEX_RUN = /[0-9a-f]{64,}/gi;

export const REDACTED = '[redacted]';

/**
 * `text` with every secret (TyltAccount.secrets: the key and secrets as stored and as sent) and every
 * signature-shaped run replaced. Letter case is ignored: a server may echo a key upper-cased.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
	let redacted = text;
	for (const secret of secrets) {
		if (secret === '') continue;
		redacted = redacted.replace(new RegExp(escapeRegExp(secret), 'gi'), REDACTED);
	}
	return redacted.replace(HEX_RUN, REDACTED);
}

function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
