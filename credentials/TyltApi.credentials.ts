import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { assertSupportedN8n } from '../nodes/shared/n8nCompatibility';
import { signTyltRequest } from '../nodes/shared/signing';
import { credentialAccount, DEFAULT_BASE_URL } from '../nodes/shared/tyltAccount';
import { SPENDING_LIMIT_PROPERTIES } from '../nodes/shared/spendingLimits/fields';

// On an n8n too old for the package, n8n's log names the version needed instead of a bare TypeError.
assertSupportedN8n();

export class TyltApi implements ICredentialType {
	name = 'tyltApi';

	displayName = 'TYLT API';

	icon: Icon = { light: 'file:../nodes/Tylt/tylt.svg', dark: 'file:../nodes/Tylt/tylt.dark.svg' };

	documentationUrl =
		'https://github.com/n8n-nodes-tylt/n8n-nodes-tylt/blob/main/README.md#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The merchant API key from the TYLT dashboard (Demo and Production keys differ)',
		},
		{
			displayName: 'API Secret',
			name: 'apiSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'The secret that signs every request and every callback',
		},
		{
			displayName: 'Additional Callback Secret',
			name: 'additionalSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'A second API secret the TYLT Trigger also accepts on callbacks, such as the pay-in key’s secret',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: DEFAULT_BASE_URL,
			description: 'Change only to reach another TYLT environment or the local sandbox',
		},
		...SPENDING_LIMIT_PROPERTIES,
	];

	// Signs every request sent with this credential; the credential test signs alike, as n8n skips this there.
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const { fields, account } = credentialAccount(credentials);
		return signTyltRequest(fields, requestOptions, account);
	}

	// No `test`: n8n would run it instead of nodes/Tylt/methods/credentialTest.ts, which also reads the limits.
}
