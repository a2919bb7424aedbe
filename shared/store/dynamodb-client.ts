import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createDynamoDbDocuments, type DynamoDbDocuments, type DynamoDbDocumentsOptions } from './dynamodb-documents';

export interface DocumentClientOptions {
  /** An emulator (dynalite, DynamoDB Local); unset on AWS. */
  endpoint?: string;
  region?: string;
  credentials?: DynamoDBClientConfig['credentials'];
  /** How the store's signed requests reach the emulator (local mode hands them to dynalite in process); HTTP when unset. */
  transport?: DynamoDbDocumentsOptions['transport'];
}

/**
 * Local mode's and the tests' DynamoDB (dynalite, DynamoDB Local): `documents` is what the store
 * uses, as on Lambda (dynamodb-documents.ts, no AWS SDK); the SDK's client and document client
 * create the table (ensure-table.ts) and let tests look at items directly.
 */
export interface DocumentClient {
  client: DynamoDBClient;
  doc: DynamoDBDocumentClient;
  documents: DynamoDbDocuments;
  /** DynamoDB requests sent through any of the three since creation or the last reset (retries of one request not counted). */
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
  // `build` step runs once per command, before the retry loop.
  client.middlewareStack.add(
    (next) => async (args) => {
      count += 1;
      return next(args);
    },
    { step: 'build', name: 'countRequests' },
  );
  const doc = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const credentials = options.credentials && typeof options.credentials === 'object' ? options.credentials : undefined;
  const documents = createDynamoDbDocuments({ endpoint, region: options.region, credentials, ...(options.transport && { transport: options.transport }) });
  return {
    client,
    doc,
    documents,
    requestCount: () => count + documents.requestCount(),
    resetRequestCount: () => {
      count = 0;
      documents.resetRequestCount();
    },
  };
}
