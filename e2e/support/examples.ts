/** examples/ (shared with `npm run dev`), typed by examples/index.d.ts: the suite imports what users import. */
import examples from '../../examples';

export type ExampleName = examples.ExampleName;
export { examples };
