/**
 * The credential's refusals to sign. Whoever may use the credential chooses the request in the HTTP Request
 * node, so every rule the credential keeps ends in one of these, and nothing is sent.
 */
import { UserError } from 'n8n-workflow';

/** How every refusal begins (see isRefusalText). */
export const CREDENTIAL = 'The TYLT API credential';

/** The credential refused to sign a call, so the call was never sent. */
export class CredentialRefusal extends UserError {}

/** `message` begins with CREDENTIAL, as every refusal's does. */
export function refusal(message: string): CredentialRefusal {
	return new CredentialRefusal(message);
}

/**
 * The credential's refusal to sign a call (so nothing left n8n) behind a failed call, looking through the error
 * n8n's request helpers wrap it in; undefined when the call failed for another reason.
 */
export function credentialRefusalIn(error: unknown): Error | undefined {
	for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 4; depth++) {
		if (
			cause instanceof CredentialRefusal ||
			isRefusalText((cause as { message?: unknown }).message)
		) {
			return cause as Error;
		}
		cause = (cause as { cause?: unknown }).cause;
	}
	return undefined;
}

/**
 * n8n 1.x loads the credential's module apart from the node's, so the refusal is another object there: it is
 * known by its words instead. Every refusal begins with them, and no network error does.
 */
function isRefusalText(message: unknown): boolean {
	return typeof message === 'string' && message.startsWith(CREDENTIAL);
}
