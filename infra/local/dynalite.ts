import { EventEmitter } from 'node:events';
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
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

/** The parts of the SDK's signed request (its HttpRequest) that dynalite reads. */
interface SignedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** An SDK request handler (a client's `requestHandler`): the seam where the SDK hands over a signed request. */
export interface InProcessRequestHandler {
  handle(request: SignedRequest): Promise<{
    response: { statusCode: number; headers: Record<string, string>; body: Uint8Array };
  }>;
  updateHttpClientConfig(): void;
  httpHandlerConfigs(): Record<string, never>;
  destroy(): void;
}

export interface RunningDynalite {
  endpoint: string;
  /**
   * For the SDK client's `requestHandler`: hands each signed request straight to dynalite's
   * request handler, without a socket: the same signed POST, headers and JSON body the SDK's HTTP
   * handler sends, answered by the same handler, minus two HTTP exchanges per store call in the
   * one process local mode runs in. The SDK's middleware (signing, retries, parsing) runs as usual.
   */
  requestHandler: InProcessRequestHandler;
  close(): Promise<void>;
}

/**
 * Starts dynalite (the DynamoDB API in-process) on 127.0.0.1. Data lives in LevelDB under
 * `dataDir` when given, in memory otherwise. Port 0 picks a free port. Tables become ACTIVE at
 * once (dynalite otherwise waits 500 ms to mimic DynamoDB). dynalite has no TTL deletion: the
 * store adapter hides expired items itself.
 */
export async function startDynalite(
  options: { dataDir?: string; port?: number } = {},
): Promise<RunningDynalite> {
  const { dataDir, port = 0 } = options;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const server = dynalite({
    ...(dataDir && { path: dataDir }),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const [handler] = server.listeners('request') as ((
    req: IncomingMessage,
    res: ServerResponse,
  ) => void)[];
  if (!handler) throw new Error('dynalite has no request handler');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    requestHandler: {
      handle: async (request) => ({ response: await answerInProcess(handler, request) }),
      updateHttpClientConfig: () => {},
      httpHandlerConfigs: () => ({}),
      destroy: () => {},
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections(); // SDK clients keep connections alive
      }),
  };
}

/** The parts of a request and a response dynalite's handler uses (events, headers, status, end). */
function answerInProcess(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  request: SignedRequest,
): Promise<{ statusCode: number; headers: Record<string, string>; body: Uint8Array }> {
  return new Promise((resolve) => {
    const req = Object.assign(new EventEmitter(), {
      method: request.method,
      url: request.path,
      headers: Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), value]),
      ),
    });
    const headers: Record<string, string> = {};
    const res = {
      statusCode: 200,
      setHeader(name: string, value: string | number) {
        headers[name.toLowerCase()] = String(value);
      },
      getHeader: (name: string) => headers[name.toLowerCase()],
      end(body?: string | Buffer) {
        resolve({
          statusCode: res.statusCode,
          headers,
          body:
            body === undefined
              ? new Uint8Array()
              : typeof body === 'string'
                ? Buffer.from(body, 'utf8')
                : body,
        });
      },
    };
    handler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    // A view of the SDK's bytes: Buffer.from(bytes) would copy through the SDK body's valueOf(), its text.
    const { body } = request;
    if (body !== undefined)
      req.emit(
        'data',
        typeof body === 'string'
          ? Buffer.from(body, 'utf8')
          : Buffer.from(body.buffer, body.byteOffset, body.byteLength),
      );
    req.emit('end');
  });
}
