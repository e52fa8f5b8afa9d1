/**
 * Every case, by name: how it measures and how it reports. The report has one row group in the summary and
 * one section in the details per case, in the order the cases run (CASE_NAMES).
 */
import type { BenchContext } from '../lib/context';
import type { CaseName } from '../lib/options';
import type { CaseReport } from '../lib/report';
import type { Row } from '../lib/rows';
import { createDetails, createRows, runCreateCase } from './create';
import { dailyLimitDetails, dailyLimitRows, runDailyLimitCase } from './dailyLimit';
import { guardDetails, guardRows, runGuardCase } from './guard';
import { historyDetails, historyRows, runHistoryCase } from './history';
import { latencyDetails, latencyRows, runLatencyCase } from './latency';
import { lookupsDetails, lookupsRows, runLookupsCase } from './lookups';
import { paginationDetails, paginationRows, runPaginationCase } from './pagination';
import { runTriggerCase, triggerDetails, triggerRows } from './trigger';

type BenchCase = (context: BenchContext) => Promise<CaseReport>;

function measuredAndReported<Result>(
	measure: (context: BenchContext) => Promise<Result>,
	rows: (result: Result) => Row[],
	details: (result: Result) => string,
): BenchCase {
	return async (context) => {
		const result = await measure(context);
		return { rows: rows(result), details: details(result) };
	};
}

export const CASES: Record<CaseName, BenchCase> = {
	create: measuredAndReported(runCreateCase, createRows, createDetails),
	history: measuredAndReported(runHistoryCase, historyRows, historyDetails),
	pagination: measuredAndReported(runPaginationCase, paginationRows, paginationDetails),
	trigger: measuredAndReported(runTriggerCase, triggerRows, triggerDetails),
	latency: measuredAndReported(runLatencyCase, latencyRows, latencyDetails),
	guard: measuredAndReported(runGuardCase, guardRows, guardDetails),
	lookups: measuredAndReported(runLookupsCase, lookupsRows, lookupsDetails),
	dailyLimit: measuredAndReported(runDailyLimitCase, dailyLimitRows, dailyLimitDetails),
};
