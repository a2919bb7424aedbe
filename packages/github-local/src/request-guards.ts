import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the host checks before it reads a request, so that a browser on the same machine cannot
 * be turned against it:
 * - `Host`: a page whose own name resolves to 127.0.0.1 (DNS rebinding) reaches the host but still
 *   sends its own name. Only loopback names on the host's port, the address it listens on, and
 *   the configured extra names are answered (421 otherwise).
 * - the sign-in and device-approval forms refuse cross-site posts (403): a browser sends `Origin`
 *   (and `Sec-Fetch-Site`) with every form post, and they must name the host itself. A request
 *   with neither comes from a program, not from a page a user visits.
 * - bodies: refused with 413 as soon as the declared or received length crosses the limit.
 */

const HOST_HEADER = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;
const unbracket = (name: string) => name.toLowerCase().replace(/^\[(.*)\]$/, '$1');

export function isLoopbackName(hostname: string): boolean {
  const name = unbracket(hostname);
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    name === '::1' ||
    /^127(?:\.\d{1,3}){3}$/.test(name)
  );
}

export interface HostRule {
  port: number;
  /** The listen address, when specific (not 0.0.0.0 or ::). */
  listenHost: string;
  /** Further names answered on any port (the public name of a proxy in front). */
  extraHostnames: string[];
}

export function isAllowedHost(header: string | undefined, rule: HostRule): boolean {
  const match = HOST_HEADER.exec(header ?? '');
  if (!match?.[1]) return false;
  const name = unbracket(match[1]);
  const port = match[2] ?? '80';
  const listen = unbracket(rule.listenHost);
  if (
    port === String(rule.port) &&
    (isLoopbackName(name) || (listen !== '0.0.0.0' && listen !== '::' && listen === name))
  )
    return true;
  return rule.extraHostnames.some((extra) => unbracket(extra) === name);
}

/** True when a form post comes from one of the host's own pages (or from a program, which sends neither header). */
export function isSameOriginPost(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  // The page's own host, whatever the scheme (a TLS proxy in front): `null` and foreign origins fail.
  try {
    return new URL(origin).host === (req.headers.host ?? '').toLowerCase();
  } catch {
    return false;
  }
}

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body is too large (limit ${limit} bytes)`);
  }
}

/**
 * Reads the body, refusing (BodyTooLargeError) as soon as the declared or received size crosses
 * `limit`. Listeners rather than async iteration: leaving an iteration early would destroy the
 * socket before the 413 is written.
 */
export function readLimitedBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  if (Number(req.headers['content-length'] ?? 0) > limit)
    return Promise.reject(new BodyTooLargeError(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      req.off('data', onData);
      req.off('end', onEnd);
      chunks.length = 0;
      reject(new BodyTooLargeError(limit));
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', reject);
  });
}

/** How long a refused connection may go on sending before it is cut. */
const LINGER_MS = 2_000;

/**
 * A JSON refusal that closes the connection: `{error}` from a message, or the body given (a
 * gateway that answers as API Gateway does). What the client still sends is read and dropped, and
 * the socket is half-closed rather than destroyed at once (a lingering close): closing with unread
 * bytes would reset the connection, and a reset can discard the refusal before the client reads it.
 */
export function refuse(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  error: string | Record<string, string>,
): void {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  req.removeAllListeners('data');
  req.resume();
  const body = JSON.stringify(typeof error === 'string' ? { error } : error);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(body);
}
