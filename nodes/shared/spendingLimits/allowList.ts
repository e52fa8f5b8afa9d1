/** While a spending limit is set the credential signs only a call it can prove, not one it fails to recognise. */
import type { OutgoingRequest } from '../outgoingRequest';
import { NODE_VOUCHER_HEADER } from './nodeVouchers';
import { LIMIT_FIELDS, type LimitFieldName, type SpendingLimitTexts } from './fields';
import { readJson } from './jsonText';
import { PAYOUT_FIELDS } from './payoutRequest';

/** What a proven call does: reads, cannot pay out, or is the crypto create the limits check. */
export type ProvenCall = 'read' | 'cannotPay' | 'checkedCreate';

interface TyltCall {
	method: string;
	call: ProvenCall;
	/** In the refusal, after the call. */
	what: string;
	/**
	 * The only names its signed text may hold (body fields; a read's query parameters). TYLT's signature binds that
	 * text alone, never the path, and never expires: signed for any call, a text TYLT takes as a payout pays.
	 */
	names: readonly string[];
	/** Names its text must hold: without them it is no such call, and its text may be another's (`{}`). */
	required?: readonly string[];
}

/**
 * The TYLT calls that carry a body or change state and are still signed while a limit is set, by the path after
 * the Base URL's own path, spelled exactly as TYLT documents it (a server may route another spelling elsewhere).
 * Reads need no row: a GET or HEAD without a body is a read on any path (READ). Every other call could pay out past
 * the limits (P2P instances, fiat and bulk pay-outs and their approval, a path never heard of) and is refused.
 */
const TYLT_CALLS: ReadonlyMap<string, TyltCall> = new Map([
	[
		'/transactions/merchant/createPayoutRequest',
		{
			method: 'POST',
			call: 'checkedCreate',
			what: 'checked against the limits, no query string',
			// The spec's fields (the limits read the payout's, the rest name no amount or recipient), and
			// merchantOrderId, which the TYLT node sends as the reference when asked to.
			names: [
				...PAYOUT_FIELDS,
				...['customerName', 'comments', 'callBackUrl', 'redirectUrl'],
				'merchantOrderId',
			],
		},
	],
	// A pay-in asks a customer to pay the merchant: nothing leaves the account. The spec names only its two
	// currencies, none a recipient or an amount, so its text is no payout at any path TYLT has.
	[
		'/transactions/merchant/createPayinRequest',
		{
			method: 'POST',
			call: 'cannotPay',
			what: 'a pay-in',
			names: ['fromCurrency', 'toCurrency'],
			required: ['fromCurrency', 'toCurrency'],
		},
	],
]);

/** A read, on any path: the query parameters of the spec's and the node's reads, none of them a payout's. */
const READ: Pick<TyltCall, 'call' | 'names' | 'required'> = {
	call: 'read',
	names: ['rows', 'page', 'orderId', 'merchantOrderId', 'instanceId'],
};

/** Methods that only read. DELETE, OPTIONS and the rest could change state on a server that routes them. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** Headers a request may carry; another could have TYLT or a proxy route it elsewhere (X-Original-URL). */
const HEADERS = new Set([
	...['accept', 'content-type', 'user-agent', 'x-tlp-apikey', 'x-tlp-signature'],
	NODE_VOUCHER_HEADER.toLowerCase(),
]);

/** The call this request is proven to be, or why not (phrased to follow "refused this request: "). */
export function provenCall(
	texts: SpendingLimitTexts,
	request: OutgoingRequest,
): ProvenCall | { notProven: string } {
	const { pathname, search } = new URL(request.url);
	const sent = `${request.method} ${pathname}${search}`;
	const notProven = (why: string) => {
		const set = (Object.keys(LIMIT_FIELDS) as LimitFieldName[])
			.filter((name) => (texts[name] ?? '').trim() !== '')
			.map((name) => LIMIT_FIELDS[name]);
		const calls = [...TYLT_CALLS].map(([path, { method, what }]) => `${method} ${path} (${what})`);
		return {
			notProven: `while ${inWords(set)} ${set.length === 1 ? 'is' : 'are'} set, it signs only reads (GET or HEAD without a body) and, spelled exactly so, ${inWords(calls)}. ${why}, so it could move money past the limits. To make this call, use a TYLT API credential without spending limits`,
		};
	};
	const header = request.headerNames.find((name) => !HEADERS.has(name));
	if (header)
		return notProven(
			`${sent} carries the header ${header}, which TYLT or a proxy before it may route by (only Accept, Content-Type and User-Agent are signed)`,
		);

	const row = request.tyltPath === undefined ? undefined : TYLT_CALLS.get(request.tyltPath);
	const spelled = [...TYLT_CALLS.keys()].find((path) =>
		lettersOf(request.path).includes(lettersOf(path)),
	);
	const call =
		row?.method === request.method
			? row
			: READ_METHODS.has(request.method) && spelled === undefined
				? READ
				: undefined;
	if (call === undefined) {
		return notProven(
			spelled
				? `${sent} is not ${TYLT_CALLS.get(spelled)?.method} ${spelled} exactly as listed, yet TYLT may route it there`
				: `${sent} is none of these`,
		);
	}
	const names = signedNames(request);
	if (typeof names === 'string') return notProven(`${sent} ${names}`);
	const unknown = names.find((name) => !call.names.includes(name));
	const missing = call.required?.find((name) => !names.includes(name));
	if (unknown === undefined && missing !== undefined) {
		return notProven(
			`${sent} does not name "${missing}", so its text is no such call and may be another's`,
		);
	}
	if (unknown === undefined) return call.call;
	const known = call === READ ? 'query parameters of a read' : 'fields of this call';
	return notProven(
		`${sent} names "${unknown}", which is not among the ${known} it signs (${inWords([...call.names])}), and TYLT's signature covers only the signed text, never the path: it may be replayed at any call`,
	);
}

/** The names in the text the signature covers, or why they cannot be read (phrased to follow the request). */
function signedNames(request: OutgoingRequest): string[] | string {
	if (request.bodyText === undefined) return request.query.map(([name]) => name);
	// Beside a signed body a query travels unsigned: fields in it would pass unchecked.
	if (request.query.length > 0) return 'carries a query string beside its body';
	if (request.bodyText === '') return [];
	const body = readJson(request.bodyText);
	if (body?.kind !== 'object') return 'has no JSON object body whose fields could be read';
	return body.members.map(([name]) => name);
}

function inWords(list: string[]): string {
	return list.length < 2
		? list.join('')
		: `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** A path's letters, unescaped and in lower case: a listed call spelled otherwise still holds the call's. */
function lettersOf(path: string): string {
	let unescaped = path;
	// Escapes within escapes (`%252F`) are undone too: a proxy in front of TYLT may decode once more.
	for (let round = 0; round < 3; round++) {
		try {
			const decoded = decodeURIComponent(unescaped);
			if (decoded === unescaped) break;
			unescaped = decoded;
		} catch {
			break;
		}
	}
	return unescaped.toLowerCase().replace(/[^a-z]/g, '');
}
