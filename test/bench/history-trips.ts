import { apiClient, type ApiResponse } from '../support/api-client';
import { startTestService } from '../support/local-service';
import { table, times } from './markdown';
import { summarise } from './round-trips';

/**
 * GitHub round trips of an item's history, its versions and a restore or undo (issue #37), next
 * to what the same costs through GitHub's REST API done naively (a model: Decap, Sveltia and
 * Keystatic have no history, so there is nothing of theirs to count).
 */
export interface HistoryTripRow {
  operation: string;
  ours: number;
  detail: string;
  rest: { trips: number; model: string };
}

const base = '/api/repos/demo%2Fhistory-bench/content/posts';
const versions = 40;
const page = 30;

const rest = {
  page: (listed: number) => ({
    trips: 1 + listed,
    model: `GET /commits?path=…&sha=…&per_page=${page} (authors and messages), then GET /commits/{sha}/pulls for each of the ${listed} commits listed (which pull request): 1 + ${listed}`,
  }),
  renamed: (listed: number) => ({
    trips: 2 + listed,
    model: `GET /commits?path=<new path> ends where the file was added: GET /commits/{sha} of that commit (its files, with previous_filename) for the old path, GET /commits?path=<old path>, and GET /commits/{sha}/pulls for each of the ${listed} commits: 2 + ${listed}`,
  }),
  version: {
    trips: 2,
    model: 'GET /contents/cms.config.json (where the item lives), GET /contents/{path}?ref={sha}',
  },
  compare: {
    trips: 3,
    model: 'the config, then GET /contents/{path}?ref= for each side',
  },
  restore: {
    trips: 4,
    model:
      'the config, GET /contents/{path}?ref={sha} (the version), GET /contents/{path} (the current sha), PUT /contents/{path}',
  },
  undo: {
    trips: 9,
    model:
      'the config, GET /pulls/{n} (merge_commit_sha), GET /commits/{sha} (its parent), GET /contents ×3 (the version, before it, today), POST /git/refs, PUT /contents on the branch, POST /pulls',
  },
};

export async function measureHistoryTrips(
  progress: (line: string) => void,
): Promise<HistoryTripRow[]> {
  const service = await startTestService();
  try {
    const api = apiClient(service.url);
    const session = await api.signIn('demo');
    progress(`history: seeding a post with ${versions} versions`);
    await service.github.createRepository({
      owner: 'demo',
      name: 'history-bench',
      installApp: true,
    });
    const config = {
      name: 'History bench',
      collections: {
        posts: {
          label: 'Posts',
          directory: 'content/posts',
          fields: [{ name: 'title', type: 'string', label: 'Title', required: true }],
        },
      },
    };
    const post = (n: number) => `---\ntitle: Version ${n}\n---\n\nText of version ${n}.\n`;
    await service.github.commitFiles('demo', 'history-bench', {
      branch: 'main',
      message: 'Start',
      author: { name: 'Demo', email: 'demo@example.com' },
      changes: [
        { path: 'cms.config.json', content: JSON.stringify(config) },
        { path: 'content/posts/old-name.md', content: post(0) },
      ],
    });
    const connected = await api.post('/api/repos', { fullName: 'demo/history-bench' }, { session });
    if (connected.status !== 201) throw new Error(`history: connect answered ${connected.status}`);
    const save = async (slug: string, n: number) => {
      const item = (await api.get(`${base}/${slug}`, { session })).body;
      await api.put(
        `${base}/${slug}`,
        { frontmatter: { title: `Version ${n}` }, body: `Text of version ${n}.\n`, sha: item.sha },
        { session },
      );
    };
    for (let n = 1; n < 5; n += 1) await save('old-name', n);
    const sha = (await api.get(`${base}/old-name`, { session })).body.sha;
    await api.post(`${base}/old-name/rename`, { to: 'post', sha }, { session });
    for (let n = 5; n < versions; n += 1) await save('post', n);

    const rows: HistoryTripRow[] = [];
    const count = async (
      operation: string,
      model: (answer: ApiResponse) => HistoryTripRow['rest'],
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
        rest: model(response),
      });
      return response;
    };
    const listed = (answer: ApiResponse) => (answer.body.versions as unknown[]).length;
    progress('history: pages, versions, restore, undo');
    const first = await count(
      `history, first page (${page} versions)`,
      (answer) => rest.page(listed(answer)),
      () => api.get(`${base}/post/history?limit=${page}`, { session }),
    );
    const second = await count(
      'history, next page (reaches the rename)',
      (answer) => rest.page(listed(answer)),
      () => api.get(`${base}/post/history?limit=${page}&cursor=${first.body.next}`, { session }),
    );
    await count(
      'history, the page before the rename',
      (answer) => rest.renamed(listed(answer)),
      () => api.get(`${base}/post/history?limit=${page}&cursor=${second.body.next}`, { session }),
    );
    const older = first.body.versions[10];
    await count(
      'read a version (?ref=)',
      () => rest.version,
      () => api.get(`${base}/post?ref=${older.sha}`, { session }),
    );
    await count(
      'compare two versions',
      () => rest.compare,
      () => api.get(`${base}/post/compare?from=${older.sha}`, { session }),
    );
    const current = (await api.get(`${base}/post`, { session })).body;
    await count(
      'restore a version (direct)',
      () => rest.restore,
      () => api.post(`${base}/post/restore`, { version: older.sha, sha: current.sha }, { session }),
    );
    await save('post', versions);
    const [latest] = (await api.get(`${base}/post/history?limit=1`, { session })).body.versions;
    await count(
      'undo the latest version (a change request)',
      () => rest.undo,
      () => api.post(`${base}/post/revert`, { version: latest.sha }, { session }),
    );
    return rows;
  } finally {
    await service.stop();
  }
}

export function renderHistoryTrips(rows: HistoryTripRow[]): string {
  return `## Item history: GitHub round trips (issue #37)

Counted by the local GitHub-compatible host for one API call each, on a post of ${versions} versions
renamed once by the CMS. Decap, Sveltia and Keystatic show no history, so the comparison is what
the same answer costs through GitHub's REST API done naively (the models are listed under the
table). The undo's version is a direct save here; a published change request's commit costs the same.

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

${rows.map((row) => `- ${row.operation}: ${row.rest.model}.`).join('\n')}
`;
}
