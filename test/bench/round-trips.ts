import { execFileSync } from 'node:child_process';
import type { RequestLogEntry } from '@cms/github-local';
import { apiClient, type ApiResponse } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';
import { decapModel, type DecapCount } from './decap-model';
import { seedRepository, slugOf } from './fixture';
import { gitSpawns } from './git-spawns';

export interface TripRow {
  operation: string;
  ours: number;
  /** What the round trips were, e.g. "POST graphql Snapshot, PUT contents". */
  detail: string;
  /** git processes the local host started to serve them (the emulated GitHub's cost). */
  gitProcesses: number;
  decap: DecapCount;
}

export interface CostRow {
  call: string;
  dynamo: number;
  github: number;
  gitProcesses: number;
  ms: number;
}

const sizes = [10, 100, 1000, 1500] as const;
const repo = '/api/repos/demo%2Fbig';

/** One log entry in a few words: method, the API path without owner/repo, the GraphQL operation. */
export const describeEntry = (entry: RequestLogEntry) =>
  entry.path.startsWith('/api/graphql')
    ? `GraphQL ${entry.graphqlOperation ?? '?'}`
    : `${entry.method} ${
        entry.path
          .split('?')[0]!
          .replace(/^\/api\/v3\/repos\/[^/]+\/[^/]+/, '')
          .replace(/[0-9a-f]{40}/g, '{sha}')
          .replace(/\/\d+(?=\/|$)/g, '/{n}')
          .replace(/(heads\/cms|contents)\/.*/, '$1/…') || '/'
      }`;

export const summarise = (log: RequestLogEntry[]) => {
  const counts = new Map<string, number>();
  for (const entry of log)
    counts.set(describeEntry(entry), (counts.get(describeEntry(entry)) ?? 0) + 1);
  return [...counts].map(([what, count]) => (count > 1 ? `${count} × ${what}` : what)).join(', ');
};

/** GitHub round trips per operation, counted by the local host, next to Decap's model; and per-request costs. */
export async function measureRoundTrips(
  progress: (line: string) => void,
): Promise<{ trips: TripRow[]; costs: CostRow[] }> {
  const service: TestService = await startTestService();
  // First without GitHub's push webhooks (every list reads GitHub); they are turned on below.
  service.github.setAppWebhook(null);
  try {
    const api = apiClient(service.url);
    const demo = await api.signIn('demo');
    progress('round trips: seeding 2,610 posts');
    await seedRepository(
      service,
      'big',
      Object.fromEntries(sizes.map((n) => [`n${n}`, [`content/n${n}`, n]])),
    );
    await expectStatus(api.post('/api/repos', { fullName: 'demo/big' }, { session: demo }), 201);
    const trips: TripRow[] = [];
    const count = async (
      operation: string,
      decap: DecapCount,
      action: () => Promise<ApiResponse>,
      status = 200,
    ) => {
      service.github.resetRequestCount();
      gitSpawns.reset();
      const response = await action();
      const gitProcesses = gitSpawns.count();
      if (response.status !== status)
        throw new Error(`${operation}: ${response.status} ${JSON.stringify(response.body)}`);
      const log = service.github.requestLog();
      trips.push({
        operation,
        ours: service.github.requestCount(),
        detail: summarise(log),
        gitProcesses,
        decap,
      });
      return response;
    };

    for (const n of sizes) {
      progress(`round trips: list ${n}`);
      await count(`list ${n.toLocaleString('en')}, cold`, decapModel.listCold(n), () =>
        api.get(`${repo}/content/n${n}`, { session: demo }),
      );
      await count(`list ${n.toLocaleString('en')}, warm`, decapModel.listWarm(), () =>
        api.get(`${repo}/content/n${n}`, { session: demo }),
      );
    }

    progress('round trips: list with push webhooks');
    // With the App's webhook on, a push (here: outside the collection) shows deliveries arrive.
    service.github.setAppWebhook({
      url: `${service.url}/api/github/webhook`,
      secret: service.githubWebhookSecret,
    });
    const pushOnGitHub = async (path: string, content: string) => {
      await service.github.commitFiles('demo', 'big', {
        branch: 'main',
        message: `Edit ${path}`,
        author: { name: 'Someone', email: 'someone@example.com' },
        changes: [{ path, content }],
      });
      await service.github.settleWebhooks();
    };
    const list1000 = () => api.get(`${repo}/content/n1000`, { session: demo });
    await pushOnGitHub('README.md', '# Bench\n');
    await count(
      'list 1,000, first with push webhooks (reads GitHub, records the tree)',
      decapModel.listWarm(),
      list1000,
    );
    await count('list 1,000, warm, push webhooks', decapModel.listWarm(), list1000);
    await pushOnGitHub('README.md', '# Bench, edited on GitHub\n');
    await count(
      'list 1,000, warm, push webhooks, after a push outside the collection',
      decapModel.listWarm(),
      list1000,
    );
    await pushOnGitHub(`content/n1000/${slugOf(0)}.md`, '---\ntitle: Edited on GitHub\n---\n');
    await count(
      'list 1,000, push webhooks, after a push into the collection (one file changed)',
      decapModel.listAfterChange(1),
      list1000,
    );

    progress('round trips: single items and drafts');
    const item = (slug: string, query = '') =>
      api.get(`${repo}/content/n10/${slug}${query}`, { session: demo });
    const got = await count('get one item', decapModel.get(), () => item(slugOf(3)));
    await count('direct put (update)', decapModel.directPut(), () =>
      api.put(
        `${repo}/content/n10/${slugOf(3)}`,
        {
          frontmatter: { ...got.body.frontmatter, title: 'Changed' },
          body: got.body.body,
          sha: got.body.sha,
        },
        { session: demo },
      ),
    );

    const draftSlug = slugOf(4);
    const original = (await item(draftSlug)).body;
    const save = (sha: string, title: string) =>
      api.put(
        `${repo}/content/n10/${draftSlug}`,
        {
          frontmatter: { ...original.frontmatter, title },
          body: original.body,
          sha,
          mode: 'branch',
        },
        { session: demo },
      );
    await count('first branch save', decapModel.firstBranchSave(), () =>
      save(original.sha, 'Draft 1'),
    );
    const onBranch = (await item(draftSlug, `?branch=cms/n10/${draftSlug}`)).body;
    await count('later branch save', decapModel.laterBranchSave(), () =>
      save(onBranch.sha, 'Draft 2'),
    );
    const pull = await count('create PR', decapModel.createPull(), () =>
      api.post(
        `${repo}/pulls`,
        { branch: `cms/n10/${draftSlug}`, title: 'Bench draft' },
        { session: demo },
      ),
    );
    const number = pull.body.number as number;
    await count('list PRs (1 open)', decapModel.listPulls(1), () =>
      api.get(`${repo}/pulls`, { session: demo }),
    );
    await count('diff', decapModel.diff(), () =>
      api.get(`${repo}/pulls/${number}/diff`, { session: demo }),
    );

    // The default branch moves (another item), so update has something to merge.
    const other = (await item(slugOf(5))).body;
    await expectStatus(
      api.put(
        `${repo}/content/n10/${slugOf(5)}`,
        {
          frontmatter: { ...other.frontmatter, title: 'Moved main' },
          body: other.body,
          sha: other.sha,
        },
        { session: demo },
      ),
      200,
    );
    await count('update (merge main into the draft)', decapModel.update(), () =>
      api.put(`${repo}/pulls/${number}/update`, {}, { session: demo }),
    );
    const draftCommits = Number(
      execFileSync(
        'git',
        [
          '--git-dir',
          service.github.gitDir('demo', 'big'),
          'rev-list',
          '--count',
          `main..cms/n10/${draftSlug}`,
        ],
        { encoding: 'utf8' },
      ).trim(),
    );
    await count(`rebase (draft of ${draftCommits} commits)`, decapModel.rebase(draftCommits), () =>
      api.post(`${repo}/pulls/${number}/rebase`, {}, { session: demo }),
    );
    await count('merge', decapModel.merge(), () =>
      api.put(`${repo}/pulls/${number}/merge`, {}, { session: demo }),
    );
    const doomed = (await item(slugOf(6))).body;
    await count('direct delete', decapModel.directDelete(), () =>
      api.delete(`${repo}/content/n10/${slugOf(6)}?sha=${doomed.sha}`, { session: demo }),
    );

    progress('round trips: media');
    // One upload: the ticket, the bytes to staging (no GitHub request), the commit; counted together.
    const image = Buffer.alloc(200 * 1024, 0x2a);
    Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
    ]).copy(image);
    const uploaded = await count(
      'media upload (200 KB image: ticket + commit)',
      decapModel.mediaUpload(),
      async () => {
        const ticket = await expectStatus(
          api.post(
            `${repo}/media/uploads`,
            { name: 'cover.png', size: image.length, contentType: 'image/png' },
            { session: demo },
          ),
          201,
        );
        const put = await fetch(ticket.body.url, {
          method: 'PUT',
          headers: ticket.body.headers,
          body: new Uint8Array(image),
        });
        if (put.status !== 200) throw new Error(`staging PUT: ${put.status}`);
        return api.post(
          `${repo}/media`,
          { uploadId: ticket.body.uploadId, name: 'cover.png' },
          { session: demo },
        );
      },
      201,
    );
    await count('media list', decapModel.mediaList(), () =>
      api.get(`${repo}/media`, { session: demo }),
    );
    await count('media read (inline)', decapModel.mediaRead(), async () => {
      const response = await fetch(
        `${service.url}${repo}/media/file?path=${encodeURIComponent(uploaded.body.path as string)}`,
        { headers: { cookie: `cms_session=${demo}` } },
      );
      await response.arrayBuffer();
      return { status: response.status, body: undefined, headers: response.headers };
    });

    progress('round trips: per-request cost with a token');
    const { token } = await api.createToken(demo, {
      repos: ['demo/big'],
      permissions: ['content:read', 'content:write'],
    });
    await api.get('/api/auth/me', { token }); // records lastUsedAt (at most once a minute), so the rows below show the steady state
    const costs: CostRow[] = [];
    const cost = async (call: string, action: () => Promise<ApiResponse>) => {
      // The push deliveries earlier writes caused are requests of their own: not counted here.
      await service.github.settleWebhooks();
      service.dynamo.resetRequestCount();
      service.github.resetRequestCount();
      gitSpawns.reset();
      const started = performance.now();
      const response = await action();
      const ms = performance.now() - started;
      if (response.status >= 300)
        throw new Error(`${call}: ${response.status} ${JSON.stringify(response.body)}`);
      costs.push({
        call,
        dynamo: service.dynamo.requestCount(),
        github: service.github.requestCount(),
        gitProcesses: gitSpawns.count(),
        ms,
      });
    };
    await cost('GET /api/auth/me (token)', () => api.get('/api/auth/me', { token }));
    await cost('GET one item (token)', () =>
      api.get(`${repo}/content/n10/${slugOf(7)}`, { token }),
    );
    await cost('GET one item (session)', () =>
      api.get(`${repo}/content/n10/${slugOf(7)}`, { session: demo }),
    );
    await cost('GET list of 1,000 (token), push webhooks: reads GitHub, records the tree', () =>
      api.get(`${repo}/content/n1000`, { token }),
    );
    await cost('GET list of 1,000, warm (token), push webhooks', () =>
      api.get(`${repo}/content/n1000`, { token }),
    );
    const seven = (await api.get(`${repo}/content/n10/${slugOf(7)}`, { token })).body;
    // Its push delivery is GitHub's request, not this one's: it is held back while the write is counted.
    service.github.setAppWebhook(null);
    await cost('PUT one item, direct (token)', () =>
      api.put(
        `${repo}/content/n10/${slugOf(7)}`,
        {
          frontmatter: { ...seven.frontmatter, title: 'Token write' },
          body: seven.body,
          sha: seven.sha,
        },
        { token },
      ),
    );
    return { trips, costs };
  } finally {
    await service.stop();
  }
}

async function expectStatus(pending: Promise<ApiResponse>, status: number) {
  const response = await pending;
  if (response.status !== status)
    throw new Error(`Expected ${status}, got ${response.status} ${JSON.stringify(response.body)}`);
  return response;
}
