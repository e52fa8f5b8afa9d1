/**
 * The TYLT API credential's Test, which n8n runs when the credential is saved: the spending limits read as
 * every payout will read them, and the key and secret tried on TYLT. Everything wrong is said at once, so a
 * second save does not bring the next surprise.
 */
import type {
	ICredentialTestFunctions,
	ICredentialsDecrypted,
	INodeCredentialTestResult,
} from 'n8n-workflow';

import { spendingLimitTexts } from '../../shared/spendingLimits/fields';
import { readSpendingLimits, UnreadableLimitError } from '../../shared/spendingLimits/parse';
import { tyltCredentialsOf } from '../../shared/tyltAccount';
import { credentialProblemOnTylt } from '../transport/credentialCheck';

export async function tyltApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const problems: string[] = [];
	const limits = readSpendingLimits(spendingLimitTexts(data));
	if (limits instanceof UnreadableLimitError) {
		problems.push(`${limits.message}. Until it is fixed, no payout is sent with this credential.`);
	}
	const onTylt = await credentialProblemOnTylt(this.helpers, tyltCredentialsOf(data));
	if (onTylt) problems.push(onTylt);
	return problems.length > 0
		? { status: 'Error', message: problems.join(' ') }
		: {
				status: 'OK',
				message: 'TYLT accepted the API key and secret, and the spending limits can be read',
			};
}
