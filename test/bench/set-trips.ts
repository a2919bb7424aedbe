import { apiClient, type ApiResponse } from '../support/api-client';
import { startTestService } from '../support/local-service';
import { table, times } from './markdown';
import { summarise } from './round-trips';

/**
 * GitHub round trips of a change set (issue #38): starting one, adding items of three collections,
 * its diff and its publish, next to what the same costs through GitHub's REST API done naively (a
 * model: Keystatic and TinaCMS branches hold no field-aware review to count against).
 */
export interface SetTripRow {
  operation: string;
  ours: number;
  detail: string;
  rest: { trips: number; model: string };
}

const blog = '/api/repos/demo%2Fblog';
const items = [
  ['posts', '2024-02-14-hello-world', { title: 'Launch' }],
  ['authors', 'alice', { name: 'Alice M.' }],
  ['posts', '2024-03-02-writing-in-markdown', { title: 'Writing, launched' }],
] as const;

export async function measureSetTrips(progress: (line: string) => void): Promise<SetTripRow[]> {
  const service = await startTestService();
  try {
    const api = apiClient(service.url);
    const session = await api.signIn('demo');
    const connected = await api.post('/api/repos', { fullName: 'demo/blog' }, { session });
    if (connected.status !== 201) throw new Error(`sets: connect answered ${connected.status}`);
    const rows: SetTripRow[] = [];
    const count = async (
      operation: string,
      rest: SetTripRow['rest'],
      action: () => Promise<ApiResponse>,
    ) => {
      service.github.resetRequestCount();
      const response = await action();
      if (response.status !== 200)
        throw new Error(`${operation}: ${response.status} ${JSON.stringify(response.body)}`);
      rows.push({
        operation,
        ours: service.github.requestCount(),
        detail: summarise(service.github.requestLog()),
        rest,
      });
      return response;
    };
    progress('sets: start a set, add three items, diff, publish');
    const created = await count(
      'start a set',
      {
        trips: 6,
        model:
          'GET /git/ref/heads/main, GET /git/commits/{sha} (its tree), POST /git/refs, POST /git/commits (the empty commit: GitHub opens no pull request without one), PATCH /git/refs, POST /pulls',
      },
      () => api.post(`${blog}/sets`, { name: 'launch', title: 'Launch' }, { session }),
    );
    const number = created.body.number as number;
    for (const [n, [collection, slug, change]] of items.entries()) {
      const item = (await api.get(`${blog}/content/${collection}/${slug}`, { session })).body;
      await count(
        `add an item (${n + 1} of ${items.length}, ${collection})`,
        {
          trips: 5 + 1,
          model:
            "GET /contents/cms.config.json, GET /contents/{path}?ref=cms/_sets/launch, GET /git/ref of the item's own draft branch, GET /pulls?state=open and GET /pulls/{n}/files for each open set (here one) to know which set holds the item, PUT /contents on the set's branch: 5 + sets",
        },
        () =>
          api.put(
            `${blog}/content/${collection}/${slug}`,
            {
              frontmatter: { ...item.frontmatter, ...change },
              body: item.body,
              sha: item.sha,
              set: 'launch',
            },
            { session },
          ),
      );
    }
    await count(
      `the set's diff (${items.length} items)`,
      {
        trips: 2 + 2 * items.length + 1,
        model: `GET /pulls/{n}, GET /pulls/{n}/files, GET /contents/{path}?ref= on both sides of each of the ${items.length} files, GET /contents/cms.config.json: 3 + 2 × files`,
      },
      () => api.get(`${blog}/pulls/${number}/diff`, { session }),
    );
    await count(
      'publish the set (one squash merge)',
      {
        trips: 5 + items.length,
        model: `GET /pulls/{n}, GET /pulls/{n}/files, GET /contents/cms.config.json, GET /contents/{path}?ref={head} for each of the ${items.length} files kept (that it is a regular file), PUT /pulls/{n}/merge with its sha, DELETE /git/refs: 5 + files`,
      },
      () => api.put(`${blog}/pulls/${number}/merge`, {}, { session }),
    );
    return rows;
  } finally {
    await service.stop();
  }
}

export function renderSetTrips(rows: SetTripRow[]): string {
  return `## Change sets: GitHub round trips (issue #38)

Counted by the local GitHub-compatible host for one API call each, on the seed blog: a set started,
three items of two collections added to it, its field diff and its publish. Keystatic and TinaCMS
keep a branch per change without a field-aware review, so the comparison is what the same answer
costs through GitHub's REST API done naively (the models are listed under the table).

${table(
  ['operation', 'ours', 'our round trips', 'REST, naively', 'ratio REST / ours'],
  rows.map((row) => [
    row.operation,
    row.ours,
    row.detail,
    row.rest.trips,
    times(row.rest.trips / row.ours),
  ]),
)}

${[...new Map(rows.map((row) => [row.rest.model, row])).values()].map((row) => `- ${row.operation}: ${row.rest.model}.`).join('\n')}
`;
}
