import http from 'node:http';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body's bytes as received (nothing decompressed). */
  bytes: Buffer;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/**
 * One HTTP request with everything byte for byte: the path as written (fetch would normalise
 * `..` and `%2e%2e`), any headers (even malformed ones), and a body of raw bytes (invalid UTF-8
 * included). Nothing is added except Content-Length.
 */
export function sendRaw(
  baseUrl: string,
  request: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
  },
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const body =
    request.body === undefined
      ? undefined
      : Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(request.body, 'utf8');
  const headers: Record<string, string | number> = {
    ...request.headers,
    ...(body ? { 'content-length': body.length } : {}),
  };
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const text = bytes.toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text,
            bytes,
            json,
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
