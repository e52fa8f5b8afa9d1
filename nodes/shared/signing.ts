/** The one place that signs a TYLT request (the credential's authenticate), over the one reading of it. */
import type { IHttpRequestOptions } from 'n8n-workflow';

import { CredentialRefusal } from './credentialRefusal';
import { hmacSha256Hex } from './hmac';
import {
	optionsToSend,
	readOutgoingRequest,
	setHeader,
	signedText,
	type AuthenticatableRequest,
} from './outgoingRequest';
import {
	perPayoutVerdict,
	spendingLimitRefusal,
	type PerPayoutVerdict,
} from './spendingLimits/check';
import { type TyltAccount, tyltAccountOf, type TyltCredentials } from './tyltAccount';

/** `account` is the one `credentials` name, handed in when already read (credentialAccount). */
export function signTyltRequest(
	credentials: TyltCredentials,
	requestOptions: AuthenticatableRequest,
	account: TyltAccount = tyltAccountOf(credentials),
): IHttpRequestOptions {
	const outgoing = readOutgoingRequest(account.baseUrl, requestOptions);
	const refusal = spendingLimitRefusal(credentials.spendingLimits ?? {}, outgoing, account.hash);
	if (refusal) throw new CredentialRefusal(refusal);

	const signed = optionsToSend(requestOptions, outgoing);
	setHeader(signed, 'X-TLP-APIKEY', account.apiKey);
	setHeader(signed, 'X-TLP-SIGNATURE', hmacSha256Hex(account.apiSecret, signedText(outgoing)));
	return signed;
}

/** The per-payout limits' verdict on options the TYLT node is about to send, read as the signing reads them. */
export function perPayoutVerdictOnSigning(
	credentials: TyltCredentials,
	requestOptions: AuthenticatableRequest,
	account: TyltAccount = tyltAccountOf(credentials),
): PerPayoutVerdict {
	const outgoing = readOutgoingRequest(account.baseUrl, requestOptions);
	return perPayoutVerdict(credentials.spendingLimits ?? {}, outgoing);
}
