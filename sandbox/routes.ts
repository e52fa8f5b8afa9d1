import type { ApiRequest, ApiState } from './endpoints/context';
import { accountBalance } from './endpoints/accountBalance';
import { createPayout } from './endpoints/createPayout';
import { supportedCurrencies } from './endpoints/currencies';
import { payInDetails } from './endpoints/payInDetails';
import { payoutHistory } from './endpoints/payoutHistory';
import { payoutInformation } from './endpoints/payoutInformation';
import type { Reply } from './http';
import { errorReply, jsonReply } from './http';
import type { EndpointName } from './types';

export interface Route {
	method: 'GET' | 'POST';
	path: string;
	endpoint: EndpointName;
	handle: (request: ApiRequest, state: ApiState) => Reply;
}

/** Every TYLT path the sandbox serves. Faults target the endpoint name, so both history paths share one. */
export const API_ROUTES: readonly Route[] = [
	{
		method: 'POST',
		path: '/transactions/merchant/createPayoutRequest',
		endpoint: 'createPayout',
		handle: createPayout,
	},
	{
		method: 'GET',
		path: '/transactions/merchant/getPayoutTransactionHistory',
		endpoint: 'payoutHistory',
		handle: payoutHistory,
	},
	{
		method: 'GET',
		path: '/transactions/merchant/getPayinTransactionHistory',
		endpoint: 'payoutHistory',
		handle: payoutHistory,
	},
	{
		method: 'GET',
		path: '/transactions/merchant/getPayoutTransactionInformation',
		endpoint: 'payoutInformation',
		handle: payoutInformation,
	},
	{
		method: 'GET',
		path: '/transactions/merchant/getSupportedCryptoCurrenciesList',
		endpoint: 'currencies',
		handle: supportedCurrencies,
	},
	{
		method: 'GET',
		path: '/transactions/merchant/getAccountBalance',
		endpoint: 'accountBalance',
		handle: accountBalance,
	},
	{
		method: 'GET',
		path: '/p2pRampsMerchant/getInstanceDetails',
		endpoint: 'payInDetails',
		handle: payInDetails,
	},
];

export const ENDPOINT_NAMES: readonly EndpointName[] = [
	...new Set(API_ROUTES.map((route) => route.endpoint)),
];

/** The route for a request, or the 404/405 to answer before any authentication happens. */
export function matchRoute(method: string, path: string): Route | Reply {
	const onPath = API_ROUTES.filter((route) => route.path === path);
	if (onPath.length === 0) return errorReply(404, `No such endpoint: ${path}`);
	const route = onPath.find((candidate) => candidate.method === method);
	if (route) return route;
	const allowed = onPath.map((candidate) => candidate.method).join(', ');
	return jsonReply(
		405,
		{ data: null, errorCode: 405, msg: `Use ${allowed} for ${path}.` },
		{ allow: allowed },
	);
}
