import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { tableName } from '../../infra/local/runtime';
import type { IndexSettings } from '../../shared/content/collection-index/index-settings';
import { createDynamoDbStore } from '../../shared/adapters/dynamodb/dynamodb-store';
import type { Store } from '../../shared/ports/store';
import { apiClient, type ApiClient } from './api-client';
import { startTestService, type TestService } from './local-service';

/**
 * Collection indexes at test scale: a collection over 50 items needs an index, segments end
 * about every 8 items (at most 20), and every run of the builder does one segment and then queues
 * its continuation. Queued builds are held until the test runs them.
 */
export const testIndexSettings: Partial<IndexSettings> = {
  inlineLimit: 50,
  runBudgetMs: 0,
  chunking: { boundaryBits: 3, maxEntries: 20, maxBytes: 300 * 1024 },
};

export async function startIndexedService(settings: Partial<IndexSettings> = {}) {
  const service: TestService = await startTestService({
    indexSettings: { ...testIndexSettings, ...settings },
  });
  const jobs = service.indexJobs;
  const api: ApiClient = apiClient(service.url);
  const demo = await api.signIn('demo');
  const table: Store = createDynamoDbStore({
    client: service.dynamo.doc,
    tableName,
    now: service.now,
  });
  /** The partition keys of the table starting with `prefix` (IDXC#, IDXS#, BLOB#…). */
  const keysOf = async (prefix: string) => {
    const found = new Set<string>();
    let start: Record<string, unknown> | undefined;
    do {
      const page = await service.dynamo.doc.send(
        new ScanCommand({
          TableName: tableName,
          ProjectionExpression: 'pk',
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? [])
        if (String(item.pk).startsWith(prefix)) found.add(String(item.pk));
      start = page.LastEvaluatedKey;
    } while (start);
    return found;
  };
  return { service, api, demo, jobs, table, keysOf };
}
