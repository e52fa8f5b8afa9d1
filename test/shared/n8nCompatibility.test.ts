/**
 * On an n8n older than the supported range (README, Compatibility), loading the package fails with a message
 * that names the n8n version needed, not with a TypeError from deep inside a node's description.
 */
import * as n8nWorkflow from 'n8n-workflow';

import { assertSupportedN8n, OLDEST_SUPPORTED_N8N } from '../../nodes/shared/n8nCompatibility';

/** n8n-workflow as an n8n before 1.85 has it: everything but NodeConnectionTypes (1.81.4's, for one). */
const withoutConnectionTypes = { ...n8nWorkflow, NodeConnectionTypes: undefined };

const TOO_OLD = new RegExp(
	`^n8n-nodes-tylt needs n8n ${OLDEST_SUPPORTED_N8N.replace(/\./g, '\\.')} or newer: this n8n's ` +
		'n8n-workflow has no NodeConnectionTypes\\. Update n8n',
);

describe('assertSupportedN8n', () => {
	it('accepts the n8n-workflow the package is built and tested against', () => {
		expect(() => assertSupportedN8n()).not.toThrow();
	});

	it('names the n8n version needed and every export this one lacks', () => {
		expect(() => assertSupportedN8n(withoutConnectionTypes)).toThrow(TOO_OLD);
		expect(() =>
			assertSupportedN8n({ ...withoutConnectionTypes, UserError: undefined, sleep: undefined }),
		).toThrow(/has no NodeConnectionTypes, UserError, sleep\./);
	});
});

describe.each([
	['TYLT node', '../../nodes/Tylt/Tylt.node'],
	['TYLT Trigger', '../../nodes/TyltTrigger/TyltTrigger.node'],
	[
		'TYLT Payout Status Trigger',
		'../../nodes/TyltPayoutStatusTrigger/TyltPayoutStatusTrigger.node',
	],
	['TYLT API credential', '../../credentials/TyltApi.credentials'],
])('%s, loaded by an n8n too old for it', (_name, file) => {
	afterEach(() => {
		jest.dontMock('n8n-workflow');
	});

	it('fails as n8n loads it, with the version needed', () => {
		jest.isolateModules(() => {
			jest.doMock('n8n-workflow', () => withoutConnectionTypes);
			expect(() => require(file)).toThrow(TOO_OLD);
		});
	});
});
