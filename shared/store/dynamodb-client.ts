import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { requestMetrics } from '../request-metrics';

export interface DocumentClientOptions {
  /** An emulator (dynalite, DynamoDB Local); unset on AWS. */
  endpoint?: string;
  region?: string;
  credentials?: DynamoDBClientConfig['credentials'];
}

export interface DocumentClient {
  client: DynamoDBClient;
  doc: DynamoDBDocumentClient;
  /** DynamoDB requests sent since creation or the last reset (SDK retries of one request not counted). */
  requestCount(): number;
  resetRequestCount(): void;
}

export function createDocumentClient(options: DocumentClientOptions = {}): DocumentClient {
  const { endpoint } = options;
  // An emulator takes any credentials: static ones keep the SDK away from ~/.aws, env and IMDS.
  const client = new DynamoDBClient({
    endpoint,
    region: options.region ?? (endpoint ? 'us-east-1' : undefined),
    credentials: options.credentials ?? (endpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined),
  });
  let count = 0;
  // The document client shares this middleware stack, so its commands are counted too. The
  // `build` step runs once per command, before the retry loop. The request being served (if any)
  // counts it too, for its log line and metrics.
  client.middlewareStack.add(
    (next) => async (args) => {
      count += 1;
      const metrics = requestMetrics();
      if (metrics) metrics.storeRequests += 1;
      return next(args);
    },
    { step: 'build', name: 'countRequests' },
  );
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  return {
    client,
    doc,
    requestCount: () => count,
    resetRequestCount: () => {
      count = 0;
    },
  };
}
