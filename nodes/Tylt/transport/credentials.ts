/** The TYLT API credential as calls use it: read once per execution, and the account it names as one hash. */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';
import { ForgettableWeakMap, keptBetweenExecutions } from '../../shared/memoryBetweenExecutions';

import { credentialAccount } from '../../shared/tyltAccount';
import { TyltCredentialMissingError } from './errors';

/** Every n8n context that calls TYLT: node executions, dropdown loaders, and polling triggers. */
export type TyltContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

const credentialsPerExecution = keptBetweenExecutions(
	'credentialsPerExecution',
	new ForgettableWeakMap<TyltContext, Promise<ICredentialsDecrypted | undefined>>(),
);

export async function credentialsOnce(
	this: TyltContext,
): Promise<ICredentialsDecrypted | undefined> {
	// A poll context lives as long as the trigger is active: kept, it would hold an old secret.
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
	// The editor asks for the dropdowns before it attaches the default credential: say so at once.
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

/** Which TYLT account a call goes to, as tyltAccountHash names it. */
export async function tyltAccountKey(this: TyltContext): Promise<string> {
	return credentialAccount((await credentialData.call(this)) ?? {}).account.hash;
}
