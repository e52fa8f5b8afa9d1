const path = require('path');
const { task, src, dest } = require('gulp');

// tsc only emits JavaScript; n8n loads icons and codex files (*.node.json) from beside the compiled nodes.
task('build:icons', () =>
	src(['nodes/**/*.{png,svg}', 'nodes/**/*.node.json', 'credentials/**/*.{png,svg}'], { base: '.', encoding: false }).pipe(
		dest(path.resolve('dist')),
	),
);
