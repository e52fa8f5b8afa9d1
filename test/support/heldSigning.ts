/**
 * Holds a TYLT create just before the credential signs it (where n8n awaits between a node's call and the
 * credential's authenticate), so a test can send another request in that moment.
 */
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { TyltApi } from '../../credentials/TyltApi.credentials';

/**
 * Holds the first create signed with credentials `signedWith` accepts (any, by default) and runs `meanwhile`
 * with the body about to be signed. Restore the returned spy when done.
 */
export function holdFirstCreateBeforeSigning(
	meanwhile: (body: unknown) => Promise<unknown>,
	signedWith: (credentials: ICredentialDataDecryptedObject) => boolean = () => true,
) {
	const authenticate = TyltApi.prototype.authenticate;
	let held = false;
	return jest.spyOn(TyltApi.prototype, 'authenticate').mockImplementation(async function (
		this: TyltApi,
		credentials,
		options: IHttpRequestOptions,
	) {
		if (!held && signedWith(credentials) && String(options.url).endsWith('/createPayoutRequest')) {
			held = true;
			await meanwhile(options.body);
		}
		return await authenticate.call(this, credentials, options);
	});
}
