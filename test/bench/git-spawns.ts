import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';
import { promisify } from 'node:util';

/**
 * Counts the git processes the local GitHub host starts (it serves every API request with git
 * plumbing). Installed before the host's modules load, so their `import { spawn }` sees the
 * counting wrapper; the figure says how much of a local latency is the emulated GitHub.
 */
let spawned = 0;

export function installGitSpawnCounter(): void {
  type Callable = ((...args: unknown[]) => unknown) & { [promisify.custom]?: Callable };
  const counting = (original: Callable): Callable => {
    const wrapper: Callable = (...args) => {
      if (args[0] === 'git') spawned += 1;
      return original(...args);
    };
    // promisify(execFile) resolves to {stdout, stderr} only through execFile's own custom form.
    const custom = original[promisify.custom];
    if (custom) wrapper[promisify.custom] = counting(custom);
    return wrapper;
  };
  for (const name of ['spawn', 'execFile'] as const)
    (childProcess as unknown as Record<string, unknown>)[name] = counting(
      childProcess[name] as Callable,
    );
  syncBuiltinESMExports();
}

export const gitSpawns = {
  count: () => spawned,
  reset: () => {
    spawned = 0;
  },
};
