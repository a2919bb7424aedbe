import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLocal, type LocalRuntime } from '../../infra/local/runtime';
import type { Logger } from '../../shared/logger';

/**
 * Local mode for the large-collection and editor sections, wired exactly as `npm start` wires it
 * (infra/local/runtime.ts with its defaults), on free ports and a fresh data directory. Unlike the
 * tests' service (test/support/local-service.ts), nothing runs at a test's command: background
 * work, such as building a collection's index, runs on its own timers, as an editor would see it.
 */
export interface BenchService extends LocalRuntime {
  stop(): Promise<void>;
}

export async function startBenchService(options: { logger: Logger }): Promise<BenchService> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cms-bench-'));
  const runtime = await startLocal({ dataDir, port: 0, githubPort: 0, logger: options.logger });
  return {
    ...runtime,
    async stop() {
      await runtime.close();
      // A git process of the host may still be finishing its last write as the host closes.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}
