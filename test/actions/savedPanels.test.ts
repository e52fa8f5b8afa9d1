/**
 * Versions 1 and 2 of the TYLT node keep the panel every workflow saved with them was made on, to the byte:
 * savedPanels/ holds each version's parameters as they were when version 3 came, and a later version may only
 * add parameters beside them. To change an older version on purpose is to break saved workflows: don't.
 */
import { readFileSync } from 'fs';
import { join } from 'path';

import { Tylt } from '../../nodes/Tylt/Tylt.node';
import { descriptionAtVersion } from '../support/panel';

const { properties } = new Tylt().description;

it.each([1, 2])('version %i shows exactly the parameters saved workflows hold', (version) => {
	const saved = readFileSync(join(__dirname, 'savedPanels', `tyltVersion${version}.json`), 'utf8');

	expect(JSON.stringify(descriptionAtVersion(properties, version), null, '\t') + '\n').toBe(saved);
});
