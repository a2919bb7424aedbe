import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { sdkDefaults } from '../sdk-defaults';
import { requestMetrics } from '../../request-metrics';

export interface DocumentClientOptions {
  /** An emulator (dynalite, DynamoDB Local); unset on AWS. */
  endpoint?: string;
  region?: string;
  credentials?: DynamoDBClientConfig['credentials'];
  /** How signed requests reach the table: the SDK's HTTP handler unless given (local mode hands them to dynalite in process). */
  requestHandler?: DynamoDBClientConfig['requestHandler'];
}

/**
 * The table's clients, on AWS, in local mode and in tests: `doc` is what the store uses (items as
 * plain values, undefined attributes left out), `client` creates the table (ensure-table.ts) and
 * lets tests look at items directly.
 */
export interface DocumentClient {
  client: DynamoDBClient;
  doc: DynamoDBDocumentClient;
  /** DynamoDB requests sent through either since creation or the last reset (retries of one request not counted). */
  requestCount(): number;
  resetRequestCount(): void;
}

export function createDocumentClient(options: DocumentClientOptions = {}): DocumentClient {
  const { endpoint } = options;
  // An emulator takes any credentials: static ones keep the SDK away from ~/.aws, env and IMDS.
  const client = new DynamoDBClient({
    ...sdkDefaults,
    endpoint,
    region: options.region ?? (endpoint ? 'us-east-1' : undefined),
    credentials:
      options.credentials ??
      (endpoint ? { accessKeyId: 'local', secretAccessKey: 'local' } : undefined),
    ...(options.requestHandler && { requestHandler: options.requestHandler }),
  });
  let count = 0;
  // The document client shares this middleware stack, so its commands are counted too. The
  // `build` step runs once per command, before the retry loop. The request being served (if
  // any) counts it too, for its log line and metrics.
  client.middlewareStack.add(
    (next) => async (args) => {
      count += 1;
      const metrics = requestMetrics();
      if (metrics) metrics.storeRequests += 1;
      return next(args);
    },
    { step: 'build', name: 'countRequests' },
  );
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
  return {
    client,
    doc,
    requestCount: () => count,
    resetRequestCount: () => {
      count = 0;
    },
  };
}
