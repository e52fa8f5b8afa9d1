/** The TYLT API credential as calls use it: read once per execution, and the account it names as one hash. */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { ForgettableWeakMap, keptBetweenExecutions } from '../../shared/memoryBetweenExecutions';

import { credentialFields, tyltAccountOf } from '../../shared/tyltAccount';
import { TyltCredentialMissingError } from './errors';

/** Every n8n context that calls TYLT: node executions, dropdown loaders, and polling triggers. */
export type TyltContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

/**
 * n8n reads and decrypts the credential from its database on every authenticated request unless it is
 * handed over; a 1,000-row payout run would read it 1,000 times. The execution context lives exactly as long
 * as one execution, so the credential is read once per execution (and re-read by the next one).
 */
const credentialsPerExecution = keptBetweenExecutions(
	'credentialsPerExecution',
	new ForgettableWeakMap<TyltContext, Promise<ICredentialsDecrypted | undefined>>(),
);

export async function credentialsOnce(
	this: TyltContext,
): Promise<ICredentialsDecrypted | undefined> {
	// n8n keeps one poll context for as long as a polling trigger stays active: reading the credential once
	// per context there would keep an old secret until the workflow is activated again.
	if (typeof (this as Partial<IPollFunctions>).__emit === 'function') {
		return await readCredentials.call(this);
	}
	let credentials = credentialsPerExecution.get(this);
	if (!credentials) {
		credentials = readCredentials.call(this);
		credentialsPerExecution.set(this, credentials);
	}
	return await credentials;
}

async function readCredentials(this: TyltContext): Promise<ICredentialsDecrypted | undefined> {
	const reference = this.getNode().credentials?.tyltApi;
	// The editor asks for the dropdowns before it attaches the default credential: say so at once, since
	// asking again cannot help until one is selected.
	if (!reference) throw new TyltCredentialMissingError(this.getNode());
	// A reference without an id is left to n8n, whose own read of the credential says what is wrong with it.
	if (!reference.id) return undefined;
	return {
		id: reference.id,
		name: reference.name,
		type: 'tyltApi',
		data: await this.getCredentials<ICredentialDataDecryptedObject>('tyltApi'),
	};
}

/** The credential's fields: read once per execution, or by n8n itself for a reference without an id. */
export async function credentialData(this: TyltContext): Promise<ICredentialDataDecryptedObject> {
	return (await credentialsOnce.call(this))?.data ?? (await this.getCredentials('tyltApi'));
}

/**
 * Which TYLT account a call goes to: a hash of the Base URL's origin and the API key, one for every spelling
 * TYLT takes for the same account (see tyltAccountIdentity). Never the secret, and never the key itself, so
 * process-wide memories keyed by account hold nothing a memory dump could reuse.
 */
export async function tyltAccountKey(this: TyltContext): Promise<string> {
	return tyltAccountOf(credentialFields((await credentialData.call(this)) ?? {})).hash;
}
