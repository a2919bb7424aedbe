import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A DynamoDB endpoint that refuses every request with the given AWS error (JSON protocol, as
 * DynamoDB answers), for loading the AWS entries in process: point `AWS_ENDPOINT_URL_DYNAMODB` at
 * `endpoint`. `fail` changes the answer for the next requests.
 */
export async function startFailingDynamoDb(type: string, message: string, status = 400) {
  let answer = { type, message, status };
  let requests = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      requests += 1;
      response.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0' }).end(
        JSON.stringify({
          __type: `com.amazonaws.dynamodb.v20120810#${answer.type}`,
          message: answer.message,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fail: (next: string, nextMessage: string, nextStatus = 400) => {
      answer = { type: next, message: nextMessage, status: nextStatus };
    },
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
