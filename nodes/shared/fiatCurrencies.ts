/**
 * The fiat currencies a payout may be sized in (a Base Currency): the current ISO 4217 codes of national and
 * regional currencies. Precious metals (XAU…), fund units (XDR…) and test codes (XTS, XXX) are left out, and so
 * is every crypto symbol: a crypto Base Currency would size the payout in another crypto, which neither the
 * node's checks nor the credential's limits can bound. The TYLT node and the credential both read this list.
 */
const ISO_4217_FIAT_CODES = new Set(
	(
		'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD ' +
		'CAD CDF CHF CLP CNY COP CRC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD ' +
		'GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD KYD KZT ' +
		'LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR ' +
		'NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP ' +
		'STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG ' +
		'XOF XPF YER ZAR ZMW ZWG'
	).split(' '),
);

/** Whether `code` (any letter case, spaces around ignored) is a current ISO 4217 fiat currency code. */
export function isFiatCode(code: string): boolean {
	return ISO_4217_FIAT_CODES.has(code.trim().toUpperCase());
}
