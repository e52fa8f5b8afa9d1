/** Case 1 in the results: the node against the user's alternative and the floor, and what each side sent. */
import type { Row } from '../lib/rows';
import {
	ALTERNATIVE_CROSS_CHECK,
	ALTERNATIVE_TARGET,
	compared,
	distinct,
	fact,
	FLOOR_TARGET,
	NO,
	table,
	YES,
} from '../lib/rows';
import { ms, thousands } from '../lib/stats';
import type { CreateResult, CreateVariant } from './create';
import { CREATE_VARIANTS } from './create';

const GUARD = {
	guardOn: 'duplicate guard on (the default)',
	guardOff: 'duplicate guard off',
} as const;

export function createRows({ payouts: n, runs }: CreateResult): Row[] {
	const times = (variant: CreateVariant) => runs[variant].map((run) => run.ms);
	const cpu = (variant: CreateVariant) => runs[variant].map((run) => run.n8nCpuMs ?? NaN);
	const requests = (variant: CreateVariant, endpoint?: string) =>
		runs[variant].map((run) =>
			endpoint ? (run.requests.byEndpoint[endpoint] ?? 0) : run.requests.total,
		);
	const rawRequests = distinct(requests('raw'));
	const onHistory = requests('guardOn', 'payoutHistory');
	const checked = (ok: boolean) => (ok ? YES : NO);
	return [
		...(['guardOn', 'guardOff'] as const).map((variant) =>
			compared(
				`1. Create ${thousands(n)} payouts in n8n, ${GUARD[variant]}: TYLT node ÷ HTTP Request node with the TYLT credential (the user's alternative)`,
				times(variant),
				times('httpNode'),
				ALTERNATIVE_TARGET,
			),
		),
		compared(
			`1. Create ${thousands(n)} payouts, duplicate guard on: n8n's main-process CPU per execution (the whole workflow; barely moved by other load), TYLT ÷ HTTP Request`,
			cpu('guardOn'),
			cpu('httpNode'),
			ALTERNATIVE_CROSS_CHECK,
		),
		...(['guardOff', 'guardOn'] as const).map((variant) =>
			compared(
				`1. Floor: Create ${thousands(n)} payouts in n8n, ${GUARD[variant]} ÷ raw signed loop outside n8n`,
				times(variant),
				times('raw'),
				FLOOR_TARGET,
			),
		),
		compared(
			'1. Floor of the alternative: HTTP Request node ÷ raw signed loop',
			times('httpNode'),
			times('raw'),
		),
		fact(
			'1. Requests, HTTP Request node',
			distinct(requests('httpNode')),
			rawRequests,
			`exactly ${thousands(n)} (no currency list: nothing is checked)`,
			checked(requests('httpNode').every((value) => value === n)),
		),
		fact(
			'1. Requests, guard off',
			distinct(requests('guardOff')),
			rawRequests,
			`exactly ${thousands(n + 1)} (N + 1 currency list)`,
			checked(requests('guardOff').every((value) => value === n + 1)),
		),
		fact(
			'1. Requests, guard on',
			`${distinct(requests('guardOn'))} = ${distinct(requests('guardOn', 'createPayout'))} creates + ${distinct(requests('guardOn', 'currencies'))} currency list + ${distinct(onHistory)} history page`,
			rawRequests,
			'N + 1 + history pages (history is empty after the reset: 1 page)',
			checked(
				requests('guardOn').every((value, index) => value === n + 1 + onHistory[index]) &&
					requests('guardOn', 'currencies').every((value) => value === 1),
			),
		),
	];
}

/** Whether two JSON bodies have the same fields in the same order. */
function sameFields(first: string, second: string): boolean {
	try {
		const fields = (body: string) => Object.keys(JSON.parse(body) as object).join();
		return fields(first) === fields(second);
	} catch {
		return false;
	}
}

export function createDetails({ runs }: CreateResult): string {
	const connections = (variant: CreateVariant) =>
		[...new Set(runs[variant].flatMap((run) => Object.keys(run.requests.connection)))]
			.map((value) => `\`${value}\``)
			.join(', ');
	const parts = [
		'#### 1. Payout → Create',
		table(
			['Round', 'TYLT node, guard on', 'TYLT node, guard off', 'HTTP Request node', 'raw loop'],
			'rrrrr',
			runs.raw.map((_, round) => [
				round + 1,
				...CREATE_VARIANTS.map((variant) => ms(runs[variant][round].ms)),
			]),
		),
		`\`Connection\` header the sandbox received: from the TYLT node ${connections('guardOff')}, from the HTTP Request node ${connections('httpNode')}, from the raw loop ${connections('raw')} (one new connection per request on every side).`,
	];
	const bodies = (['guardOff', 'httpNode', 'raw'] as const).map(
		(variant) => runs[variant][0]?.requests.sampleCreateBodies[0],
	);
	if (bodies.every(Boolean)) {
		parts.push(
			`First create body sent by the TYLT node, the HTTP Request node and the raw loop. The TYLT node tags the reference in the comments, where its duplicate guard reads it; the HTTP Request node sends it as merchantOrderId, as a hand-made call would. The raw loop's fields ${sameFields(bodies[0]!, bodies[2]!) ? "are the TYLT node's, in its order" : "**differ from the TYLT node's**: update bench/workers/createJobs.ts"}:`,
			['```', ...bodies, '```'].join('\n'),
		);
	}
	return parts.join('\n\n');
}
