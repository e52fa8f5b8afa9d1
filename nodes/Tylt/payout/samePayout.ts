/**
 * A reference names one payout. When TYLT already has a payout with the item's reference, the item is that
 * payout only if it pays the same thing; otherwise the reference is reused by mistake (a copied workflow, a
 * row id that restarted), and answering "already sent" would report another payout as this one.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { sameDecimal } from '../../shared/decimalText';
import { canonicalAddress } from '../../shared/addresses/formats';
import type { PayoutRecord, PayoutRequestBody } from '../transport/records';
import type { ReferenceMatch } from './references';

function sameText(a: unknown, b: unknown): boolean {
	return (
		typeof a === 'string' &&
		typeof b === 'string' &&
		a.trim().toUpperCase() === b.trim().toUpperCase()
	);
}

function sameAddress(recordAddress: unknown, itemAddress: string): boolean {
	return (
		typeof recordAddress === 'string' &&
		canonicalAddress(recordAddress) === canonicalAddress(itemAddress)
	);
}

const shown = (value: unknown) => (value === undefined || value === '' ? '(none)' : String(value));

/**
 * How the payout differs from the item: recipient, network, settled currency and amount. Amounts compare as
 * exact decimals, with no tolerance (a payout of 49,999.99996 is not one of 50,000): the record's as TYLT wrote
 * it (a number, or text in some integrations), the item's as the decimal it is sent as. The amount is
 * compared where both sides state it in the same unit:
 * - an item in crypto (no Base Currency) against the record's settledAmountRequested; a record sized in a
 *   fiat baseCurrency differs;
 * - an item in fiat against the record's baseAmount/baseCurrency when the record carries them (TYLT's
 *   records may; the spec does not list them). Without them the crypto amount TYLT converted at its own
 *   rate cannot be compared, and only recipient, network and currency are.
 */
export function differencesFrom(record: PayoutRecord, body: PayoutRequestBody): string[] {
	const differences: string[] = [];
	const compare = (what: string, same: boolean, there: unknown, here: unknown) => {
		if (!same) differences.push(`${what} ${shown(there)} there, ${shown(here)} in this item`);
	};
	compare('address', sameAddress(record.toAddress, body.address), record.toAddress, body.address);
	compare(
		'network',
		sameText(record.network, body.networkSymbol),
		record.network,
		body.networkSymbol,
	);
	compare(
		'settled currency',
		sameText(record.settledCurrency, body.settledCurrency),
		record.settledCurrency,
		body.settledCurrency,
	);
	const recordBaseCurrency =
		typeof record.baseCurrency === 'string' && record.baseCurrency !== ''
			? record.baseCurrency
			: undefined;
	if (body.baseCurrency === undefined) {
		if (recordBaseCurrency && !sameText(recordBaseCurrency, record.settledCurrency)) {
			differences.push(
				`amount in ${recordBaseCurrency} there, in ${body.settledCurrency} in this item`,
			);
		} else {
			compare(
				'amount',
				sameDecimal(record.settledAmountRequested, body.baseAmount),
				record.settledAmountRequested,
				body.baseAmount,
			);
		}
	} else if (recordBaseCurrency) {
		compare(
			'amount',
			sameText(recordBaseCurrency, body.baseCurrency) &&
				sameDecimal(record.baseAmount, body.baseAmount),
			`${shown(record.baseAmount)} ${recordBaseCurrency}`,
			`${body.baseAmount} ${body.baseCurrency}`,
		);
	}
	return differences;
}

/**
 * What is known of this item's own creates when a match is judged, so that an error never says "nothing was
 * sent" while a create of this reference may exist at TYLT:
 * - `notSent`: nothing was sent for it, now or before as far as this process knows;
 * - `earlierCreateUnknown`: nothing was sent now, but an earlier create of the reference had an unknown outcome;
 * - `thisCreateUnknown`: this execution's create got no usable answer, so TYLT may have made it.
 */
export type OwnCreates =
	| { kind: 'notSent' }
	| { kind: 'earlierCreateUnknown' | 'thisCreateUnknown'; advice: string };

const NOT_SENT: OwnCreates = { kind: 'notSent' };

/** How an error message ends, saying what was sent, and the advice its description ends with. */
function whatWasSent(ownCreates: OwnCreates): { ending: string; advice?: string } {
	switch (ownCreates.kind) {
		case 'notSent':
			return { ending: '; nothing was sent' };
		case 'earlierCreateUnknown':
			return {
				ending:
					'; nothing was sent now, but an earlier create of this reference had an unknown outcome',
				advice: ownCreates.advice,
			};
		case 'thisCreateUnknown':
			return {
				ending: ', and the outcome of this item’s own create is unknown: TYLT may have created it',
				advice: ownCreates.advice,
			};
	}
}

/**
 * The payout to output for a reference match, or an error when the match cannot be trusted: another
 * payout under the same reference, or a payout whose comment only may carry the reference.
 */
export function confirmedMatch(
	node: INode,
	match: ReferenceMatch,
	body: PayoutRequestBody,
	reference: string,
	itemIndex: number,
	ownCreates: OwnCreates = NOT_SENT,
): PayoutRecord {
	const { record } = match;
	const orderId = shown(record.orderId);
	const sent = whatWasSent(ownCreates);
	const withAdvice = (description: string) =>
		sent.advice ? `${description} ${sent.advice}` : description;
	if (!match.certain) {
		throw new NodeOperationError(
			node,
			`Reference "${reference}" of item ${itemIndex} may belong to TYLT payout ${orderId}: check TYLT first${sent.ending}`,
			{
				itemIndex,
				description: withAdvice(
					`The comments of payout ${orderId} begin with another reference and end with [ref:${reference}], as the previous version of this node wrote its tag. Whether ${orderId} is this payout cannot be told. Check it in the TYLT dashboard: if it is this payout, nothing more is needed; if not, give this item another reference.`,
				),
			},
		);
	}
	const differences = differencesFrom(record, body);
	if (differences.length > 0) {
		throw new NodeOperationError(
			node,
			`Reference "${reference}" of item ${itemIndex} is already used by TYLT payout ${orderId}, which pays something else${sent.ending}`,
			{
				itemIndex,
				description: withAdvice(
					`Payout ${orderId} differs from this item: ${differences.join('; ')}. A reference identifies one payout: give this item a reference of its own, or correct the item if it is meant to be payout ${orderId}.`,
				),
			},
		);
	}
	return record;
}
