/** The one way the tooling finds and installs Debian programs (tools/system/debianPackages.ts). */
import { installDebianPackages, onPath } from '../../tools/system/debianPackages';

describe('Debian packages for the tooling', () => {
	it('finds programs on PATH and in the system folders, and nothing that is not there', () => {
		expect(onPath('sh')).toMatch(/\/sh$/);
		expect(onPath('no-such-program-tylt')).toBeUndefined();
	});

	it('when installing is not allowed, names who needs what and how to install it, and runs nothing', () => {
		const log = jest.fn();
		expect(() =>
			installDebianPackages(['redis-server', 'postgresql'], {
				purpose: 'n8n queue mode',
				allowed: false,
				log,
			}),
		).toThrow(
			'n8n queue mode needs redis-server and postgresql, not found on this machine: install it ' +
				'(Debian: apt-get install redis-server postgresql)',
		);
		expect(log).not.toHaveBeenCalled();
	});
});
