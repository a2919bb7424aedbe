import childProcess from 'node:child_process';
import { syncBuiltinESMExports } from 'node:module';

/**
 * Counts the git processes the local GitHub host starts (it serves every API request with git
 * plumbing). Installed before the host's modules load, so their `import { spawn }` sees the
 * counting wrapper; the figure says how much of a local latency is the emulated GitHub.
 */
let spawned = 0;

export function installGitSpawnCounter(): void {
  for (const name of ['spawn', 'execFile'] as const) {
    const original = childProcess[name] as (...args: unknown[]) => unknown;
    (childProcess as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      if (args[0] === 'git') spawned += 1;
      return original(...args);
    };
  }
  syncBuiltinESMExports();
}

export const gitSpawns = {
  count: () => spawned,
  reset: () => {
    spawned = 0;
  },
};
