import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Secrets Manager over HTTP on a local port, for loading the AWS entries in process: point
 * `AWS_ENDPOINT_URL` at `endpoint`. GetSecretValue answers the given strings and
 * ResourceNotFoundException for any other id; every request's target and authorization is kept.
 */
export async function startSecretsManager(values: Record<string, string>) {
  const calls: { target: string; secretId: string; authorization: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      const { SecretId } = JSON.parse(body || '{}') as { SecretId?: string };
      calls.push({
        target: String(request.headers['x-amz-target']),
        secretId: String(SecretId),
        authorization: String(request.headers.authorization),
      });
      const value = SecretId === undefined ? undefined : values[SecretId];
      const answer =
        value === undefined
          ? {
              status: 400,
              body: {
                __type: 'ResourceNotFoundException',
                message: "Secrets Manager can't find the specified secret.",
              },
            }
          : { status: 200, body: { ARN: SecretId, Name: 'secret', SecretString: value } };
      response
        .writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.1' })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
