/**
 * The credential's refusals to sign. Whoever may use the credential chooses the request in the HTTP Request
 * node, so every rule the credential keeps ends in one of these, and nothing is sent.
 */
import { UserError } from 'n8n-workflow';

/** How every refusal's message begins. */
export const CREDENTIAL = 'The TYLT API credential';

/** The credential refused to sign a call, so the call was never sent. Its message begins with CREDENTIAL. */
export class CredentialRefusal extends UserError {}

/**
 * The credential's refusal behind a failed call, looking through the errors n8n's request helpers wrap it in;
 * undefined when the call failed for another reason. n8n 1.x loads the credential's module apart from the
 * node's, so the refusal is another class there: it is known by its words, which no network error begins with.
 */
export function credentialRefusalIn(error: unknown): Error | undefined {
	for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 4; depth++) {
		const { message } = cause as { message?: unknown };
		if (
			cause instanceof CredentialRefusal ||
			(typeof message === 'string' && message.startsWith(CREDENTIAL))
		) {
			return cause as Error;
		}
		cause = (cause as { cause?: unknown }).cause;
	}
	return undefined;
}
