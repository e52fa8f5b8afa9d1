import { ADDRESS_FORMATS, canonicalAddress } from '../shared/addresses/formats';
import { describeCharacter, firstNonPrintableAscii } from '../shared/addresses/wording';

/** A token's contract on the payout's network, as TYLT's currency list gives it. */
export interface TokenContract {
	currencySymbol: string;
	contractAddress: string;
}

/** Why `address` is no address on any network: a character outside printable ASCII (a space, a Cyrillic а). */
export function addressCharacterProblem(address: string): string | undefined {
	const character = firstNonPrintableAscii(address);
	if (character === undefined) return undefined;
	return `wallet addresses are written in printable ASCII only; this one contains ${describeCharacter(character)}`;
}

/**
 * Why `address` cannot receive a payout on `networkSymbol`: not printable ASCII, not the network's format, or
 * one of `tokenContracts`. The reason follows 'Invalid Address "<value>" in item N: ', never repeating it.
 */
export function addressProblem(
	networkSymbol: string,
	address: string,
	tokenContracts: readonly TokenContract[] = [],
): string | undefined {
	if (typeof address === 'string') {
		const characterProblem = addressCharacterProblem(address);
		if (characterProblem) return characterProblem;
	}
	const symbol = typeof networkSymbol === 'string' ? networkSymbol.trim().toUpperCase() : '';
	const format = ADDRESS_FORMATS.find((candidate) => candidate.networks.has(symbol));
	if (format) {
		if (typeof address !== 'string' || address === '') {
			return 'a recipient wallet address is required';
		}
		const formatProblem = format.problem(address, symbol);
		if (formatProblem) return otherNetworksAddress(address, symbol) ?? formatProblem;
	}
	if (typeof address !== 'string') return undefined;
	const account = (text: string) => format?.account?.(text) ?? canonicalAddress(text);
	const recipient = account(address);
	const contract = tokenContracts.find(
		({ contractAddress }) =>
			typeof contractAddress === 'string' &&
			contractAddress.trim() !== '' &&
			account(contractAddress.trim()) === recipient,
	);
	if (!contract) return undefined;
	return `it is the ${contract.currencySymbol} token contract on ${symbol || 'this network'}, not a wallet: tokens sent to a token contract are lost for good`;
}

/** An address valid on another network (0x… given for TRON) usually means the wrong network was chosen. */
function otherNetworksAddress(address: string, symbol: string): string | undefined {
	const other = ADDRESS_FORMATS.find(
		(candidate) =>
			!candidate.networks.has(symbol) &&
			candidate.problem(address, [...candidate.networks][0]) === undefined,
	);
	if (!other) return undefined;
	const examples = [...other.networks].slice(0, 3).join(', ');
	return `it is an address for another network (such as ${examples}), not for ${symbol}: the wrong network was chosen, or the wrong address given; ask the recipient for their address on ${symbol}`;
}

/** The network symbols (upper case) that write addresses as `networkSymbol` does. */
export function networksSharingFormat(networkSymbol: string): ReadonlySet<string> {
	const symbol = String(networkSymbol).trim().toUpperCase();
	return (
		ADDRESS_FORMATS.find((format) => format.networks.has(symbol))?.networks ?? new Set([symbol])
	);
}

/**
 * Networks where exchanges tell customers of one deposit address apart by a memo or tag: TYLT's payout has no
 * field for one, so the exchange may never credit a payout to such an address.
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
