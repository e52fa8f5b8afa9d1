/// <reference lib="dom" />
/**
 * The TYLT API credential's form: every field it declares is shown; credential.png is its end (Base URL and the
 * spending limits; the extra callback secret is just above).
 */
import { TyltApi } from '../../../credentials/TyltApi.credentials';
import { show } from './checks';
import type { PanelCapture } from './stage';

export async function credentialForm({
	editor,
	stage,
	checks,
	saveScreenshot,
}: PanelCapture): Promise<void> {
	const { check } = checks;
	// Every field the credential declares (notices have no label).
	const declared = new TyltApi().properties
		.filter((property) => property.type !== 'notice')
		.map((property) => property.displayName);
	await editor.openCredential(stage.credential.id);
	const labels = await editor.credentialLabels();
	const missing = declared.filter((label) => !labels.includes(label));
	check(
		missing.length === 0,
		`the TYLT API credential form shows ${show(declared)}`,
		`missing ${show(missing)} in ${show(labels)}`,
	);
	// The dialog scrolls inside: its end shows Base URL and the spending limits.
	await editor.scrollCredentialToEnd();
	await editor.restMouse();
	await saveScreenshot('credential.png');
}
