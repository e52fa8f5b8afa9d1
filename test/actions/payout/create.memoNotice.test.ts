/**
 * TYLT's payout request has no memo or destination tag. Where exchange deposits need one, the panel says so as
 * soon as such a network is chosen, before anyone pays.
 */
import type { INodeProperties } from 'n8n-workflow';

import { MEMO_NETWORKS, MEMO_NOTICE } from '../../../nodes/Tylt/addresses';
import { description } from '../../../nodes/Tylt/actions/payout/create.operation';

const notice = description.find(
	(property) => property.name === 'memoNetworkNotice',
) as INodeProperties;

describe('the memo notice of Payout → Create', () => {
	it('is a notice in one sentence, right after the Network field of every version', () => {
		expect(notice.type).toBe('notice');
		expect(MEMO_NOTICE.match(/\.\s|\.$/g)).toHaveLength(1);
		const names = description.map((property) => property.name);
		// Each version shows one Network field; the last of them comes right before the notice.
		expect(names.indexOf('memoNetworkNotice')).toBe(names.lastIndexOf('networkSymbol') + 1);
	});

	it('shows on the memo networks only', () => {
		const shownOn = notice.displayOptions?.show?.networkSymbol as string[];
		expect(new Set(shownOn)).toEqual(MEMO_NETWORKS);
		for (const symbol of ['XRP', 'XLM', 'TON', 'ATOM']) expect(shownOn).toContain(symbol);
		for (const symbol of ['TRX', 'ETH', 'SOL', 'BTC']) expect(shownOn).not.toContain(symbol);
	});

	it('shows on Payout → Create only', () => {
		expect(notice.displayOptions?.show).toMatchObject({
			resource: ['payout'],
			operation: ['create'],
		});
	});

	it('names the forms that carry the tag', () => {
		expect(MEMO_NOTICE).toContain('X-address');
		expect(MEMO_NOTICE).toContain('M…');
	});
});
