/** The one place that signs a TYLT request (the credential's authenticate), over the one reading of it. */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { CREDENTIAL, CredentialRefusal } from './credentialRefusal';
import { hmacSha256Hex } from './hmac';
import {
	optionsToSend,
	readOutgoingRequest,
	setHeader,
	signedText,
	type AuthenticatableRequest,
} from './outgoingRequest';
import { spendingLimitRefusal } from './spendingLimits/check';
import { tyltAccountOf, type TyltCredentials } from './tyltAccount';

export function signTyltRequest(
	credentials: TyltCredentials,
	requestOptions: AuthenticatableRequest,
): IHttpRequestOptions {
	const account = tyltAccountOf(credentials);
	const outgoing = readOutgoingRequest(account.baseUrl, requestOptions);
	const reason = spendingLimitRefusal(credentials.spendingLimits ?? {}, outgoing, account.hash);
	if (reason)
		throw new CredentialRefusal(
			`${CREDENTIAL} refused this payout, so nothing was sent: ${reason}`,
		);

	const signed = optionsToSend(requestOptions, outgoing);
	setHeader(signed, 'X-TLP-APIKEY', account.apiKey);
	setHeader(signed, 'X-TLP-SIGNATURE', hmacSha256Hex(account.apiSecret, signedText(outgoing)));
	return signed;
}
