/**
 * Submits an n8n Form Trigger's production form over HTTP the way its page does: POST multipart/form-data to
 * <n8n>/form/<path>, one part per form element named `field-<index>` in the order the trigger defines them.
 */
import type { WorkflowJson } from '../../tools/n8n';

export interface Login {
	user: string;
	password: string;
}

export function basicAuth({ user, password }: Login): string {
	return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

/**
 * `values` by the elements' Custom Field Name (fieldName); elements without a value are sent empty. With
 * `timeoutMs`, a submission not answered by then rejects (a TimeoutError) instead of waiting for ever.
 */
export async function submitForm(
	url: string,
	workflow: WorkflowJson,
	values: Record<string, string | number>,
	login: Login | null,
	timeoutMs?: number,
): Promise<{ status: number; body: string }> {
	const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.formTrigger');
	if (!trigger) throw new Error(`Workflow "${workflow.name}" has no Form Trigger`);
	const fields: Array<{ fieldName: string }> = trigger.parameters.formFields.values;
	const body = new FormData();
	fields.forEach((field, index) =>
		body.append(`field-${index}`, String(values[field.fieldName] ?? '')),
	);
	const response = await fetch(url, {
		method: 'POST',
		headers: login ? { authorization: basicAuth(login) } : {},
		body,
		signal: timeoutMs === undefined ? undefined : AbortSignal.timeout(timeoutMs),
	});
	return { status: response.status, body: await response.text() };
}
