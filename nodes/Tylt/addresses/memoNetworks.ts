/**
 * Network symbols (upper case) where exchanges share one deposit address among their customers and tell them
 * apart by a memo, destination tag or comment sent with the payment. TYLT's payout request has no field for
 * one, so a payout to such an address arrives without it and the exchange may never credit it.
 */
export const MEMO_NETWORKS: ReadonlySet<string> = new Set([
	...['XRP', 'XRPL', 'RIPPLE'],
	...['XLM', 'STELLAR'],
	...['TON', 'TONCOIN'],
	...['ATOM', 'COSMOS'],
	'EOS',
	'BNB', // BNB Beacon Chain (bnb1…)
	...['HBAR', 'HEDERA'],
	'KAVA',
	'OSMO',
	'INJ',
	'TIA',
	'STX',
	'XEM',
	'IOST',
]);

/** One sentence, shown where the network is chosen. */
export const MEMO_NOTICE =
	"TYLT's payout has no memo or destination tag, so pay an exchange deposit address on this network only when the address itself carries the tag (an XRP X-address, a Stellar M… address); otherwise the exchange may not credit it.";

/** The same warning, short enough for the Network dropdown's option description. */
export const MEMO_OPTION_HINT =
	'No memo or tag is sent: pay exchange deposits only to an address that carries its tag';

export function needsMemo(networkSymbol: string): boolean {
	return MEMO_NETWORKS.has(networkSymbol.trim().toUpperCase());
}
