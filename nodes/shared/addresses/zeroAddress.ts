/**
 * Why an all-zero account is refused even though its format is valid: nobody holds its key, so
 * anything sent there is burned. It is also what a blank template field tends to become.
 */
export const ZERO_ADDRESS_REASON =
	'it is the zero address, which nobody controls, so a payout to it would be lost';
