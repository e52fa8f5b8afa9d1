/** A package installed into an n8n user folder the way n8n installs a community package. */
import fs from 'node:fs';
import path from 'node:path';

export interface LinkedPackage {
	name: string;
	/** <userFolder>/.n8n/nodes/node_modules/<name> */
	link: string;
	/** the package's folder */
	target: string;
}

interface Manifest {
	name: string;
	n8n?: { nodes?: string[]; credentials?: string[] };
	peerDependencies?: Record<string, string>;
}

const readManifest = (dir: string) =>
	JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;

const modulesDir = (userFolder: string) => path.join(userFolder, '.n8n', 'nodes', 'node_modules');

/** Checks a package folder: package.json with an `n8n.nodes` section, built files present. */
export function inspectPackage(
	packageDir: string,
	packageName?: string,
): Omit<LinkedPackage, 'link'> {
	const target = path.resolve(packageDir);
	if (!fs.existsSync(path.join(target, 'package.json')))
		throw new Error(`${target} has no package.json`);
	const manifest = readManifest(target);
	const name = packageName || manifest.name;
	if (!Array.isArray(manifest.n8n?.nodes)) {
		throw new Error(`${target}/package.json has no "n8n.nodes" section`);
	}
	const missing = [...manifest.n8n.nodes, ...(manifest.n8n.credentials ?? [])].filter(
		(file) => !fs.existsSync(path.join(target, file)),
	);
	if (missing.length) {
		throw new Error(
			`package ${name} at ${target} is not built (missing ${missing.join(', ')}): run npm run build`,
		);
	}
	return { name, target };
}

/** Symlinks <userFolder>/.n8n/nodes/node_modules/<package name> → packageDir. Node types become
 *  `<package name>.<node>`. */
export function linkPackage(
	userFolder: string,
	packageDir: string,
	packageName?: string,
): LinkedPackage {
	const { name, target } = inspectPackage(packageDir, packageName);
	const link = path.join(modulesDir(userFolder), ...name.split('/'));
	fs.mkdirSync(path.dirname(link), { recursive: true });
	fs.rmSync(link, { recursive: true, force: true });
	fs.symlinkSync(target, link, 'dir');
	return { name, link, target };
}

/** The symlinked packages in a user folder, by real path, with their peer dependencies (preload.ts's input). */
export function linkedPackages(userFolder: string): Array<{ dir: string; peers: string[] }> {
	const dir = modulesDir(userFolder);
	const names = (fs.existsSync(dir) ? fs.readdirSync(dir) : []).flatMap((entry) =>
		entry.startsWith('@')
			? fs.readdirSync(path.join(dir, entry)).map((scoped) => path.join(entry, scoped))
			: [entry],
	);
	const packages = [];
	for (const name of names) {
		const link = path.join(dir, name);
		if (!fs.lstatSync(link).isSymbolicLink()) continue; // a real install has no peers inside
		try {
			const target = fs.realpathSync(link);
			packages.push({
				dir: target,
				peers: Object.keys(readManifest(target).peerDependencies ?? {}),
			});
		} catch {
			// dangling link: n8n reports the package itself
		}
	}
	return packages;
}
