/// <reference lib="dom" />
/** The TYLT API credential's form: keys, the extra callback secret, the spending limits; credential.png. */
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
	// Tall enough for the dialog to show every field, the spending limits at the bottom included.
	await editor.resize(1440, 1400);
	await editor.openCredential(stage.credential.id);
	const labels = await editor.credentialLabels();
	const missing = declared.filter((label) => !labels.includes(label));
	check(
		missing.length === 0,
		`the TYLT API credential form shows ${show(declared)}`,
		`missing ${show(missing)} in ${show(labels)}`,
	);
	await editor.restMouse();
	await saveScreenshot('credential.png');
}
