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
import { spendingLimitProblems } from '../../shared/spendingLimits/parse';
import { credentialFields } from '../../shared/tyltAccount';
import { credentialProblemOnTylt } from '../transport/credentialCheck';

export async function tyltApiTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const problems: string[] = [];
	const unreadable = spendingLimitProblems(spendingLimitTexts(data));
	if (unreadable.length > 0) {
		problems.push(
			`${unreadable.map((problem) => problem.message).join('. ')}. Until ${unreadable.length === 1 ? 'it is' : 'they are'} fixed, no payout is sent with this credential.`,
		);
	}
	const onTylt = await credentialProblemOnTylt(this.helpers, credentialFields(data));
	if (onTylt) problems.push(onTylt);
	return problems.length > 0
		? { status: 'Error', message: problems.join(' ') }
		: {
				status: 'OK',
				message: 'TYLT accepted the API key and secret, and the spending limits can be read',
			};
}
