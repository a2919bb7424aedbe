import { mkdir } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

interface DynaliteOptions {
  path?: string;
  createTableMs?: number;
  deleteTableMs?: number;
  updateTableMs?: number;
}

// dynalite is CommonJS without type declarations; it returns a plain node http.Server.
const dynalite = createRequire(import.meta.url)('dynalite') as (options: DynaliteOptions) => Server;

export interface RunningDynalite {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * Starts dynalite (the DynamoDB API in-process) on 127.0.0.1. Data lives in LevelDB under
 * `dataDir` when given, in memory otherwise. Port 0 picks a free port. Tables become ACTIVE at
 * once (dynalite otherwise waits 500 ms to mimic DynamoDB). dynalite has no TTL deletion: the
 * store adapter hides expired items itself.
 */
export async function startDynalite(options: { dataDir?: string; port?: number } = {}): Promise<RunningDynalite> {
  const { dataDir, port = 0 } = options;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const server = dynalite({ ...(dataDir && { path: dataDir }), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections(); // SDK clients keep connections alive
      }),
  };
}
