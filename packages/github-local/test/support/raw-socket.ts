import net from 'node:net';

export interface SocketAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes of the request body written before the answer came. */
  sent: number;
  /** The server closed the connection after answering. */
  closed: boolean;
}

/**
 * One request over a bare socket, with any `Host` and headers. With `streamBytes`, the body is
 * sent chunked (no Content-Length) in 16 KiB chunks, one chunk at a time, until the server
 * answers; the terminating chunk is never sent, so an answer proves the server did not wait
 * for the end of the body.
 */
export function socketRequest(
  baseUrl: string,
  request: { method: string; path: string; headers: Record<string, string>; streamBytes?: number },
): Promise<SocketAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname.replace(/^\[(.*)\]$/, '$1'));
    const received: Buffer[] = [];
    let sent = 0;
    let answered = false;
    let closedHere = false;
    const head = [
      `${request.method} ${request.path} HTTP/1.1`,
      ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (request.streamBytes !== undefined) head.push('transfer-encoding: chunked');
    socket.on('connect', () => {
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const pump = () => {
        if (
          answered ||
          request.streamBytes === undefined ||
          sent >= request.streamBytes ||
          socket.destroyed
        )
          return;
        sent += chunk.length;
        socket.write(`${chunk.length.toString(16)}\r\n`);
        socket.write(chunk);
        socket.write('\r\n', () => setImmediate(pump));
      };
      pump();
    });
    socket.on('data', (data: Buffer) => {
      answered = true;
      received.push(data);
    });
    // A reset while the rest of the body was still being written ends the exchange as well.
    socket.on('error', (error) => (received.length ? undefined : reject(error)));
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8');
      const [headText = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = headText.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: rest.join('\r\n\r\n'),
        sent,
        closed: !closedHere,
      });
    });
    // A server that keeps the connection open after answering: report what came, connection open.
    setTimeout(() => {
      if (!socket.destroyed && answered) {
        closedHere = true;
        socket.destroy();
      }
    }, 2_000).unref();
  });
}
