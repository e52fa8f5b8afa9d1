import { randomBytes } from 'node:crypto';

import { formatRecordTime } from './clock';
import { USD_RATES } from './currencies';
import { roundAmount } from './money';

/** The `data` of getInstanceDetails. The spec shows no fields; the shape follows public TYLT integrations. */
export type PayInInstance = Record<string, unknown>;

// P2P ramp lifecycle ids as public TYLT integrations show them; the description is what TYLT shows beside the id.
const TRADE_EVENTS: Record<string, { id: number; description: string }> = {
	Pending: { id: 2, description: 'Waiting for payment' },
	Completed: { id: 4, description: 'Completed' },
	Expired: { id: 9, description: 'Expired' },
};

// A buyer has 30 minutes to pay before the trade expires; only shown as `deadline`.
const PAYMENT_WINDOW_MS = 30 * 60 * 1000;

function defaultInstance(merchantOrderId: string, status: string, nowMs: number): PayInInstance {
	const cryptoAmount = 100;
	const fiatAmount = roundAmount(cryptoAmount / USD_RATES.INR);
	const event = TRADE_EVENTS[status] ?? TRADE_EVENTS.Pending;
	const completed = status === 'Completed';
	return {
		trade: {
			event: { ...event, deadline: formatRecordTime(nowMs + PAYMENT_WINDOW_MS) },
			isBuyTrade: true,
			fiatCurrency: { name: 'Indian Rupee', symbol: 'INR' },
			priceDetails: {
				price: roundAmount(1 / USD_RATES.INR),
				fiatAmount,
				cryptoAmount,
				cryptoCurrency: 'USDT',
				network: 'TRX',
			},
		},
		transaction: {
			instanceId: `PI${randomBytes(6).toString('hex')}`,
			merchantOrderId,
			status,
			fromCurrency: 'INR',
			toCurrency: 'USDT',
			baseAmount: fiatAmount,
			settledAmountRequested: cryptoAmount,
			settledAmountReceived: completed ? cryptoAmount : 0,
			commission: completed ? 0.5 : 0,
			createdAt: formatRecordTime(nowMs),
			updatedAt: formatRecordTime(nowMs),
		},
		accounts: [
			{ accountType: 'UPI', accountHolderName: 'Sandbox Seller', upiId: 'sandbox.seller@upi' },
		],
		userDetails: { name: 'Sandbox Buyer', email: 'buyer@example.com', country: 'IN' },
	};
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Objects merge key by key at every depth; anything else (arrays included) replaces. */
function deepMerge(base: Record<string, unknown>, overrides: Record<string, unknown>) {
	const merged: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(overrides)) {
		merged[key] =
			isPlainObject(value) && isPlainObject(base[key]) ? deepMerge(base[key], value) : value;
	}
	return merged;
}

export class PayInRegistry {
	private instances = new Map<string, PayInInstance>();

	/** `details` are merged over a plausible Pending instance, so a test states only what it cares about. */
	seed(merchantOrderId: string, details: Record<string, unknown>, nowMs: number): void {
		const transaction = isPlainObject(details.transaction) ? details.transaction : {};
		const status = typeof transaction.status === 'string' ? transaction.status : 'Pending';
		this.instances.set(
			merchantOrderId,
			deepMerge(defaultInstance(merchantOrderId, status, nowMs), details),
		);
	}

	/** Looks up by merchantOrderId first, then by the instance id some integrations query with. */
	find(id: string): PayInInstance | undefined {
		const byOrder = this.instances.get(id);
		if (byOrder) return byOrder;
		return [...this.instances.values()].find(
			(instance) =>
				(instance.transaction as Record<string, unknown> | undefined)?.instanceId === id,
		);
	}

	/** The two instances every fresh sandbox has: one finished trade and one still waiting for payment. */
	reset(nowMs: number): void {
		this.instances.clear();
		this.seed('order-1001', { transaction: { status: 'Completed' } }, nowMs);
		this.seed('order-1002', {}, nowMs);
	}
}
