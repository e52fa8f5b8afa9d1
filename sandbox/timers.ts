/**
 * Every delay the sandbox waits on goes through here, so reset() and close() can cancel them all: a
 * delayed request from one test must not wake up and create a payout in the next, and jest must see no
 * open handles after close().
 */
export class TimerRegistry {
	private readonly pending = new Map<NodeJS.Timeout, () => void>();

	/** Resolves true after `ms`, or false as soon as cancelAll() runs. */
	sleep(ms: number): Promise<boolean> {
		return new Promise((resolve) => {
			const timer = setTimeout(() => {
				this.pending.delete(timer);
				resolve(true);
			}, ms);
			this.pending.set(timer, () => resolve(false));
		});
	}

	cancelAll(): void {
		for (const [timer, cancel] of this.pending) {
			clearTimeout(timer);
			cancel();
		}
		this.pending.clear();
	}
}
