/**
 * What Decap CMS's GitHub backend sends for what an editor waits for, in the order it awaits it,
 * read from decaporg/decap-cms at 2f5c54d (REST mode, the default):
 *
 * - Concurrency: `fetchFiles` (packages/decap-cms-lib-util/src/implementation.ts) loads entries
 *   through `semaphore(MAX_CONCURRENT_DOWNLOADS)` with `MAX_CONCURRENT_DOWNLOADS = 10`; each entry
 *   takes the semaphore once and sends its `readFile` (GET git/blobs/{sha}, `cache: 'force-cache'`)
 *   and `readFileMetadata` (GET commits?path=…&sha={branch}, remembered in localForage by blob sha)
 *   together with `Promise.all`. So 10 entries, 20 requests, are in flight at a time, and N entries
 *   take ceil(N / 10) round trips. Everything else is awaited one request at a time.
 * - Opening the app with a stored token, `authenticate` (decap-cms-backend-github
 *   implementation.tsx): GET repos/{repo} (the default branch, when the config names none), then
 *   `api.user()` (GET user), then `hasWriteAccess` (GET repos/{repo} again): 3 round trips.
 * - The whole list (`allEntriesByFolder`, which a sorted, filtered, grouped, nested or i18n
 *   collection and search use; an unsorted collection's first screen is a page of 20 entries,
 *   `entriesByFolder`): `listFiles` (GET git/trees/{branch}:{folder}), then `fetchFiles`. Warm, the
 *   blobs come from the browser's HTTP cache and the metadata from localForage: the tree alone.
 * - Opening an item (`getEntry` → `readFile` without a sha): `getFileSha` (GET git/trees/{branch}:{dir}),
 *   then the blob, which the HTTP cache holds once the list fetched it: 1 round trip.
 * - Saving, simple workflow (`persistFiles`): `uploadBlob` (POST git/blobs), then
 *   `getDefaultBranch` (GET branches/{branch}), `createTree` (POST git/trees), `createCommit` (POST
 *   git/commits), `patchBranch` (PATCH git/refs/heads/{branch}): 5 round trips.
 * - Saving a new draft, editorial workflow (`editorialWorkflowGit`, not yet unpublished): the same
 *   first four, then `createBranch` (POST git/refs), `createPR` (POST pulls), `setPullRequestStatus`
 *   (PUT issues/{n}/labels): 7 round trips.
 * - Publishing it (`publishUnpublishedEntry`): `getBranchPullRequest` (GET pulls?head=…), `mergePR`
 *   (PUT pulls/{n}/merge), `deleteBranch` (DELETE git/refs/heads/…), `closeIssueOnPublish` (GET
 *   search/issues), then the editor reloads the entry (`loadEntry`: the directory's tree, then the
 *   new blob): 6 round trips.
 *
 * The replay sends these requests to the same local host as ours, at the same delay, at Decap's
 * concurrency. Requests the host does not serve (commits?path=, issues/{n}/labels, search/issues)
 * are a wait of the same delay in their place. Decap's work in the browser (decoding and parsing
 * 1,000 files, rendering) is not counted, nor is ours in the editor.
 */

export const DECAP_COMMIT = '2f5c54d96d3eaf657d0b75a0a2578073731907a7';
/** implementation.ts, `MAX_CONCURRENT_DOWNLOADS`: entries loaded at once (two requests each). */
export const DECAP_CONCURRENCY = 10;

export interface DecapWallModel {
  requests: number;
  /** Round trips an editor waits for one after the other. */
  rounds: number;
  model: string;
}

const auth = 3;

/** The request counts and the round trips waited for, per operation (the formula behind the replay). */
export const decapWallModel = {
  openList: (n: number, warm: boolean): DecapWallModel =>
    warm
      ? {
          requests: auth + 1,
          rounds: auth + 1,
          model: 'authenticate (3) + the tree; blobs and metadata cached in the browser',
        }
      : {
          requests: auth + 1 + 2 * n,
          rounds: auth + 1 + Math.ceil(n / DECAP_CONCURRENCY),
          model: `authenticate (3) + the tree + ${n.toLocaleString('en')} entries × (blob ‖ commit metadata), ${DECAP_CONCURRENCY} entries at a time`,
        },
  openItem: (): DecapWallModel => ({
    requests: 1,
    rounds: 1,
    model: "the directory's tree (getFileSha); the blob from the HTTP cache",
  }),
  save: (): DecapWallModel => ({
    requests: 5,
    rounds: 5,
    model: 'blob, branch, tree, commit, ref (simple workflow)',
  }),
  saveDraft: (): DecapWallModel => ({
    requests: 7,
    rounds: 7,
    model: 'blob, branch, tree, commit, new ref, pull request, workflow label',
  }),
  publish: (): DecapWallModel => ({
    requests: 6,
    rounds: 6,
    model:
      'find the pull request, merge, delete the branch, search the notes issue, reload the entry (tree, blob)',
  }),
};

/** `fn` over `items`, at most `limit` at a time (Decap's semaphore), results in order. */
export async function inPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await fn(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export interface DecapReplayOptions {
  /** The local host's REST base (…/api/v3). */
  apiUrl: string;
  /** The editor's user-to-server token. */
  token: string;
  owner: string;
  repo: string;
  folder: string;
  /** Stands in for a request the local host does not serve: the same delay, nothing else. */
  standIn(): Promise<void>;
}

/** Sends Decap's requests for each operation and counts them; each operation answers its request count. */
export function createDecapReplay(options: DecapReplayOptions) {
  const repoUrl = `${options.apiUrl}/repos/${options.owner}/${options.repo}`;
  let sent = 0;
  const request = async (method: string, url: string, body?: unknown): Promise<any> => {
    sent += 1;
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `token ${options.token}`,
        accept: 'application/vnd.github+json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok)
      throw new Error(
        `Decap replay: ${method} ${url} answered ${response.status} ${text.slice(0, 200)}`,
      );
    return text ? JSON.parse(text) : undefined;
  };
  const standIn = async () => {
    sent += 1;
    await options.standIn();
  };
  const counted = async (run: () => Promise<void>) => {
    sent = 0;
    await run();
    return sent;
  };
  const authenticate = async () => {
    await request('GET', repoUrl);
    await request('GET', `${options.apiUrl}/user`);
    await request('GET', repoUrl);
  };
  const tree = async () =>
    (await request('GET', `${repoUrl}/git/trees/main:${options.folder}`)) as {
      tree: { path: string; type: string; sha: string }[];
    };
  const blobText = async (sha: string) =>
    Buffer.from(
      ((await request('GET', `${repoUrl}/git/blobs/${sha}`)) as { content: string }).content,
      'base64',
    ).toString('utf8');
  /** GET branches/main, POST git/trees, POST git/commits: the new commit's sha. */
  const commitOnMain = async (path: string, blobSha: string, message: string) => {
    const branch = (await request('GET', `${repoUrl}/branches/main`)) as {
      commit: { sha: string; commit: { tree: { sha: string } } };
    };
    // Decap names the commit as base_tree (GitHub takes any tree-ish); the local host takes a tree only: the same round trip.
    const newTree = (await request('POST', `${repoUrl}/git/trees`, {
      base_tree: branch.commit.commit.tree.sha,
      tree: [{ path, mode: '100644', type: 'blob', sha: blobSha }],
    })) as { sha: string };
    return (
      (await request('POST', `${repoUrl}/git/commits`, {
        message,
        tree: newTree.sha,
        parents: [branch.commit.sha],
      })) as { sha: string }
    ).sha;
  };
  const uploadBlob = async (content: string) =>
    (
      (await request('POST', `${repoUrl}/git/blobs`, {
        content: Buffer.from(content).toString('base64'),
        encoding: 'base64',
      })) as { sha: string }
    ).sha;
  const branchOf = (slug: string) => `cms/posts/${slug}`;
  const pulls = new Map<string, number>();

  return {
    /** Opens the app and loads the whole list; cold: every entry's blob and metadata too. Answers the files read when cold. */
    openList: (warm: boolean) =>
      counted(async () => {
        await authenticate();
        const entries = (await tree()).tree.filter(
          (entry) => entry.type === 'blob' && entry.path.endsWith('.md'),
        );
        if (warm) return;
        const texts = await inPool(
          entries,
          DECAP_CONCURRENCY,
          async (entry) => (await Promise.all([blobText(entry.sha), standIn()]))[0],
        );
        if (texts.length !== entries.length || texts.some((text) => !text.startsWith('---')))
          throw new Error('Decap replay: the entries did not load');
      }),
    openItem: () => counted(async () => void (await tree())),
    save: (slug: string, content: string) =>
      counted(async () => {
        const blob = await uploadBlob(content);
        const commit = await commitOnMain(
          `${options.folder}/${slug}.md`,
          blob,
          `Update Posts “${slug}”`,
        );
        await request('PATCH', `${repoUrl}/git/refs/heads/main`, { sha: commit, force: false });
      }),
    saveDraft: (slug: string, content: string) =>
      counted(async () => {
        const blob = await uploadBlob(content);
        const commit = await commitOnMain(
          `${options.folder}/${slug}.md`,
          blob,
          `Update Posts “${slug}”`,
        );
        await request('POST', `${repoUrl}/git/refs`, {
          ref: `refs/heads/${branchOf(slug)}`,
          sha: commit,
        });
        const pull = (await request('POST', `${repoUrl}/pulls`, {
          title: `Update Posts “${slug}”`,
          body: 'Automatically generated by Decap CMS',
          head: `${options.owner}:${branchOf(slug)}`,
          base: 'main',
        })) as { number: number };
        pulls.set(slug, pull.number);
        await standIn();
      }),
    publish: (slug: string) =>
      counted(async () => {
        const [pull] = (await request(
          'GET',
          `${repoUrl}/pulls?head=${encodeURIComponent(`${options.owner}:${branchOf(slug)}`)}&base=main&state=open&per_page=100`,
        )) as { number: number; head: { sha: string } }[];
        if (!pull || pull.number !== pulls.get(slug))
          throw new Error(`Decap replay: no open pull request for ${branchOf(slug)}`);
        await request('PUT', `${repoUrl}/pulls/${pull.number}/merge`, {
          commit_message: 'Automatically generated. Merged on Decap CMS.',
          sha: pull.head.sha,
          merge_method: 'merge',
        });
        await request('DELETE', `${repoUrl}/git/refs/heads/${branchOf(slug)}`);
        await standIn();
        const entry = (await tree()).tree.find((file) => file.path === `${slug}.md`);
        if (!entry) throw new Error(`Decap replay: ${slug}.md is not on main after the merge`);
        await blobText(entry.sha);
      }),
  };
}
