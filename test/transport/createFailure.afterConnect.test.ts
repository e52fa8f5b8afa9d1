/**
 * Adversary (transport classification, unchanged by the refactor but inside attempt.ts): a network code from
 * NEVER_CONNECTED (EHOSTUNREACH, ENETUNREACH) makes a create "unreachable: the payout was not sent". Node raises
 * those codes on an established connection too (`read EHOSTUNREACH`, `write ENETUNREACH`: the route to TYLT
 * died after the request was written), so TYLT may have made the payout. Only a failure to connect (syscall
 * `connect`, or the name lookup) proves nothing left; after that the create's outcome is unknown.
 */
import type { PayoutRequestBody } from '../../nodes/Tylt/transport/records';
import {
	TyltOutcomeUnknownError,
	TyltUnreachableError,
	createPayoutRequest,
} from '../../nodes/Tylt/transport';
import { createExecuteContext } from '../../tools/harness/n8nContext';
import { credentialsFor, requestsTo, tronAddress, useSandbox } from '../support/sandboxKit';

const sandbox = useSandbox();

const BODY = {
	baseAmount: 25,
	address: tronAddress('route died'),
	settledCurrency: 'USDT',
	networkSymbol: 'TRX',
} as PayoutRequestBody;

it.each(['EHOSTUNREACH', 'ENETUNREACH'])(
	'a create written to TYLT, then `read %s`, is an unknown outcome, not "not sent"',
	async (code) => {
		const context = createExecuteContext({ parameters: {}, credentials: credentialsFor(sandbox) });
		const { helpers } = context;
		const send = helpers.httpRequestWithAuthentication;
		// The request reaches TYLT and TYLT makes the payout; the answer is lost as Node reports a dead route.
		helpers.httpRequestWithAuthentication = async function (this: unknown, ...args) {
			await send.apply(this as never, args);
			throw Object.assign(new Error(`read ${code}`), { code, syscall: 'read' });
		} as typeof send;

		const error = await createPayoutRequest
			.call(context, BODY, 0)
			.catch((failure: unknown) => failure);

		expect(requestsTo(sandbox, 'createPayout')).toHaveLength(1);
		expect(sandbox.payouts).toHaveLength(1);
		expect(error).not.toBeInstanceOf(TyltUnreachableError);
		expect(error).toBeInstanceOf(TyltOutcomeUnknownError);
	},
);

it.each([
	['connect', 'EHOSTUNREACH'],
	['getaddrinfo', 'ENOTFOUND'],
	['getaddrinfo', 'EAI_AGAIN'],
])('a create that failed at `%s %s` never left: not sent', async (syscall, code) => {
	const context = createExecuteContext({ parameters: {}, credentials: credentialsFor(sandbox) });
	// As n8n wraps it: its own error, whose cause is Node's (the one naming the system call).
	context.helpers.httpRequestWithAuthentication = async function () {
		const system = Object.assign(new Error(`${syscall} ${code}`), { code, syscall });
		throw Object.assign(new Error('wrapped'), {
			cause: Object.assign(new Error(system.message), { code, cause: system }),
		});
	} as typeof context.helpers.httpRequestWithAuthentication;

	const error = await createPayoutRequest
		.call(context, BODY, 0)
		.catch((failure: unknown) => failure);

	expect(requestsTo(sandbox, 'createPayout')).toHaveLength(0);
	expect(error).toBeInstanceOf(TyltUnreachableError);
});
