/**
 * Paths and methods the sandbox does not serve, answered before authentication (sandbox/routes.ts).
 */
import { PATHS, callApi, json, useFreshSandbox } from '../support/sandboxClient';

const sandbox = useFreshSandbox();

describe('routing', () => {
	it('answers an unknown path with 404 in the error envelope', async () => {
		const result = await callApi(sandbox, 'GET', '/transactions/merchant/nothingHere');
		expect(result.status).toBe(404);
		expect(json(result)).toMatchObject({ data: null, errorCode: 404 });
	});

	it('answers a wrong method with 405 and the allowed one', async () => {
		const result = await callApi(sandbox, 'GET', PATHS.create);
		expect(result.status).toBe(405);
		expect(result.headers.allow).toBe('POST');
	});
});
