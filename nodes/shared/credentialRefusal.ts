/** The credential's refusals to sign: every rule it keeps against the request it is handed ends in one. */
import { UserError } from 'n8n-workflow';

/** How every refusal's message begins. */
export const CREDENTIAL = 'The TYLT API credential';

/** The credential refused to sign a call, so the call was never sent. Its message begins with CREDENTIAL. */
export class CredentialRefusal extends UserError {}

/** The credential's refusal inside n8n's wrapping errors; known by its words too (n8n 1.x loads it apart). */
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
