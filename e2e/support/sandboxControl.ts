/**
 * The TYLT sandbox as the suite sees it: started once per run by globalSetup (in jest's main process), driven
 * from the test files over its HTTP control surface (`/_sandbox/...`, sandbox/README.md).
 */
import { createHmac } from 'node:crypto';

import type {
	CallbackDelivery,
	EndpointName,
	Fault,
	HistoryPaging,
	LoggedRequest,
	PayoutRecord,
} from '../../sandbox';

export class SandboxControl {
	constructor(
		readonly url: string,
		readonly apiKey: string,
		readonly apiSecret: string,
	) {}

	private async control<T>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.url}/_sandbox${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const answer = (await response.json()) as { data?: T; error?: string };
		if (!response.ok)
			throw new Error(`sandbox ${method} ${path}: HTTP ${response.status} ${answer.error}`);
		return answer.data as T;
	}

	async reset(): Promise<void> {
		await this.control('POST', '/reset');
	}

	/** Every API request waits this long before it is handled (0: none); reset() restores the start value. */
	async setLatency(ms: number): Promise<void> {
		await this.control('POST', '/latency', { ms });
	}

	/** Sets these currencies' balances, as getAccountBalance lists them (others keep theirs); reset restores them. */
	async setBalances(balances: Record<string, number>): Promise<Record<string, number>> {
		return await this.control('POST', '/balances', balances);
	}

	/** Adds `count` payouts older than every stored one, `spacingMs` apart (default 1 s). */
	async seedPayouts(
		count: number,
		template?: Partial<PayoutRecord>,
		spacingMs?: number,
	): Promise<PayoutRecord[]> {
		return await this.control('POST', '/seed-payouts', { count, template, spacingMs });
	}

	async seedPayIn(merchantOrderId: string, details?: Record<string, unknown>): Promise<void> {
		await this.control('POST', '/seed-payin', { merchantOrderId, details });
	}

	/** Payouts created from now on (to `address`, or all) settle with this outcome; the newest rule wins. */
	async setOutcome(outcome: 'Completed' | 'Failed', address?: string): Promise<void> {
		await this.control('POST', '/outcome', { outcome, address });
	}

	/** Moves the sandbox clock, settles what is due and waits until every callback got its answer. */
	async advance(ms: number): Promise<void> {
		await this.control('POST', '/advance', { ms });
	}

	/** The next `fault.times` (default 1) authenticated requests to `endpoint` fail this way. */
	/** How history pages are cut (sandbox/README.md: historyPaging); reset() restores the default. */
	async setHistoryPaging(paging: Partial<HistoryPaging>): Promise<HistoryPaging> {
		return await this.control('POST', '/history-paging', paging);
	}

	async injectFault(endpoint: EndpointName, fault: Fault): Promise<void> {
		await this.control('POST', '/faults', { endpoint, fault });
	}

	async requests(): Promise<LoggedRequest[]> {
		return await this.control('GET', '/requests');
	}

	async callbacks(): Promise<CallbackDelivery[]> {
		return await this.control('GET', '/callbacks');
	}

	/** Newest first. */
	async payouts(): Promise<PayoutRecord[]> {
		return await this.control('GET', '/payouts');
	}

	/** A correctly signed payout callback: the stored payout when `orderId` names one, else a sample. */
	async sendCallback(options: {
		url: string;
		orderId?: string;
		status?: string;
	}): Promise<CallbackDelivery> {
		return await this.control('POST', '/send-callback', options);
	}

	/** The endpoint names of the API requests received so far, in order. */
	async endpointsCalled(): Promise<string[]> {
		return (await this.requests()).map(
			(request) => request.endpoint ?? `${request.method} ${request.path}`,
		);
	}

	/**
	 * A signed GET straight to the sandbox, signed here with node:crypto (not the package's code): what TYLT
	 * answers a correct client, to compare node output against. The query is signed as compact JSON.
	 */
	async signedGet(path: string, query: Record<string, string>): Promise<unknown> {
		const signed = Object.keys(query).length ? JSON.stringify(query) : '';
		const response = await fetch(`${this.url}${path}?${new URLSearchParams(query)}`, {
			headers: {
				'X-TLP-APIKEY': this.apiKey,
				'X-TLP-SIGNATURE': createHmac('sha256', this.apiSecret).update(signed).digest('hex'),
			},
		});
		const answer = (await response.json()) as { data: unknown; errorCode: number; msg: string };
		if (!response.ok || answer.errorCode !== 0) {
			throw new Error(`sandbox GET ${path}: HTTP ${response.status} ${answer.msg}`);
		}
		return answer.data;
	}

	/**
	 * Creates a payout as an honest client would, signed here with node:crypto: for tests that need payouts in
	 * TYLT without a workflow creating them.
	 */
	async createPayout(body: Record<string, unknown>): Promise<PayoutRecord> {
		const rawBody = JSON.stringify(body);
		const response = await fetch(`${this.url}/transactions/merchant/createPayoutRequest`, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				'X-TLP-APIKEY': this.apiKey,
				'X-TLP-SIGNATURE': createHmac('sha256', this.apiSecret).update(rawBody).digest('hex'),
			},
			body: rawBody,
		});
		const answer = (await response.json()) as { data: PayoutRecord; msg: string };
		if (!response.ok) throw new Error(`sandbox create: HTTP ${response.status} ${answer.msg}`);
		return answer.data;
	}
}
