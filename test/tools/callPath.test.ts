import { createCallPath } from '../../tools/imports/callPath';

describe('one default version-2 Payout → Create, from executeAll to the credential signing its create', () => {
	it('takes at most 12 calls, and the create is sent by the operation’s own send step', async () => {
		const frames = await createCallPath();
		const names = frames.map((frame) => frame.name);

		expect(names[0]).toMatch(/executeAll$/);
		expect(names[names.length - 1]).toBe('TyltApi.authenticate');
		expect(frames.length).toBeLessThanOrEqual(12);
		// No callback handed down: the frame before the transport's create call is create.send.ts's send.
		const create = names.findIndex((name) => name.endsWith('createPayoutRequest'));
		expect(frames[create - 1].at).toMatch(/^nodes\/Tylt\/actions\/payout\/create\.send\.ts:/);
	});
});
