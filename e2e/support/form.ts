/**
 * Submits an n8n Form Trigger's production form over HTTP the way its page does: POST multipart/form-data to
 * <n8n>/form/<path>, one part per form element named `field-<index>` in the order the trigger defines them.
 * A form that ends on a Form Ending node (n8n's Form node, Page Type "Form Ending") answers the POST at once
 * with `{ formWaitingUrl }`; the page then polls `<formWaitingUrl>/n8n-execution-status` until the execution
 * waits at the ending ("form-waiting"), opens the ending page, and posts it back, which ends the execution.
 * `submitForm` follows those hops as the page does and returns the ending the submitter sees.
 */
import type { WorkflowJson } from '../../tools/n8n';
import { sleep } from '../../tools/n8n/processes';

export interface Login {
	user: string;
	password: string;
}

export function basicAuth({ user, password }: Login): string {
	return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/** The page a form ends on: its heading and its message, as the submitter reads them. */
export interface FormEnding {
	title: string;
	message: string;
}

export interface FormAnswer {
	status: number;
	body: string;
	/** The Form Ending page the submission led to (absent when the POST was refused, e.g. 401). */
	ending?: FormEnding;
}

/** How often to ask whether the execution reached its ending (the page asks after 1 s, then ever less often). */
const STATUS_POLL_MS = 500;
/** Execution states after which no ending page will come. */
const ENDED = ['success', 'error', 'crashed', 'canceled', 'null'];

/** A form element as a Form Trigger, a Form page or a Wait node (On Form Submitted) defines it. */
export interface FormField {
	fieldLabel: string;
	/** The Custom Field Name (n8n 2.x's Form Trigger); a Wait node's fields have none. */
	fieldName?: string;
}

/**
 * `values` by the elements' Custom Field Name (fieldName); elements without a value are sent empty. With
 * `timeoutMs`, a submission whose ending did not come by then rejects (a TimeoutError) instead of waiting for
 * ever.
 */
export async function submitForm(
	url: string,
	workflow: WorkflowJson,
	values: Record<string, string | number>,
	login: Login | null,
	timeoutMs?: number,
): Promise<FormAnswer> {
	const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.formTrigger');
	if (!trigger) throw new Error(`Workflow "${workflow.name}" has no Form Trigger`);
	return await submitFields(url, trigger.parameters.formFields.values, values, login, timeoutMs);
}

/**
 * Submits a form page of `fields` at `url` (a Form Trigger's, or a waiting execution's form: a Wait node On
 * Form Submitted), `values` by each field's Custom Field Name, or its label when it has none.
 */
export async function submitFields(
	url: string,
	fields: FormField[],
	values: Record<string, string | number>,
	login: Login | null,
	timeoutMs?: number,
): Promise<FormAnswer> {
	const body = new FormData();
	fields.forEach((field, index) =>
		body.append(`field-${index}`, String(values[field.fieldName ?? field.fieldLabel] ?? '')),
	);
	const signal = timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs);
	const response = await fetch(url, {
		method: 'POST',
		headers: login ? { authorization: basicAuth(login) } : {},
		body,
		signal,
	});
	const answer: FormAnswer = { status: response.status, body: await response.text() };
	const formWaitingUrl = response.ok ? waitingUrlIn(answer.body) : undefined;
	if (formWaitingUrl) answer.ending = await followToEnding(formWaitingUrl, signal);
	return answer;
}

function waitingUrlIn(body: string): string | undefined {
	try {
		const parsed = JSON.parse(body) as { formWaitingUrl?: unknown };
		return typeof parsed.formWaitingUrl === 'string' ? parsed.formWaitingUrl : undefined;
	} catch {
		return undefined;
	}
}

/** What the form page does with `formWaitingUrl`: wait for the ending, open it, post it back. */
async function followToEnding(formWaitingUrl: string, signal?: AbortSignal): Promise<FormEnding> {
	const statusUrl = new URL(formWaitingUrl);
	statusUrl.pathname += '/n8n-execution-status';
	let status = '';
	while (status !== 'form-waiting' && !ENDED.includes(status)) {
		if (status) await sleep(STATUS_POLL_MS);
		status = (await (await fetch(statusUrl, { signal })).text()).trim();
	}
	const page = await fetch(formWaitingUrl, { signal });
	const html = await page.text();
	if (!page.ok) {
		throw new Error(`The ending page answered HTTP ${page.status} (execution ${status}): ${html}`);
	}
	// The ending page posts itself back on load: that resumes the execution, which then ends.
	if (status === 'form-waiting')
		await (await fetch(formWaitingUrl, { method: 'POST', signal })).text();
	return endingIn(html);
}

/** The heading and message of n8n's form-trigger-completion page. */
function endingIn(html: string): FormEnding {
	// n8n 2.x styles the message's <p> (white-space: pre-line), 1.x does not.
	const found = /<h1>([\s\S]*?)<\/h1>\s*<p[^>]*>([\s\S]*?)<\/p>/.exec(html);
	if (!found) throw new Error(`Not a form ending page: ${html.slice(0, 500)}`);
	return { title: textOf(found[1]), message: textOf(found[2]) };
}

function textOf(html: string): string {
	return (
		html
			.replace(/<br\s*\/?>/g, '\n')
			.replace(/<[^>]*>/g, '')
			.replace(/&lt;/g, '<')
			.replace(/&gt;/g, '>')
			.replace(/&quot;/g, '"')
			// Handlebars (n8n 1.x renders the message through it) writes ' ` = as &#x27; &#x60; &#x3D;.
			.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
			.replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
			.replace(/&amp;/g, '&')
			.trim()
	);
}
