import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubSignature } from '../../shared/freshness/hub-signature';
import type { ApiClient } from '../support/api-client';
import { blog, onGitHub, openHostPull, openPull, pushFiles, saveDraft } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * The App's content check on pull requests (issue #39): someone outside the CMS pushes a branch
 * and opens a pull request on the local host, its webhook reaches the service, the queued check
 * runs and GitHub shows one `CMS content` run on the head with annotations on the files' lines;
 * a required `CMS content` holds the CMS's Publish back while a draft's file is broken.
 */
let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ users: ['demo', 'alice'] }));
  // The index builds connecting the repository asked for: what runs from here on is the checks.
  await service.indexJobs.runAll();
});
afterAll(() => service?.stop());

const b64 = (text: string) => Buffer.from(text).toString('base64');
/** The local host's REST API as a plain user (no CMS involved). */
const asUser = (login: string, method: string, path: string, body?: unknown) =>
  onGitHub(service.github, login, method, path, body) as Promise<any>;

interface Run {
  id: number;
  head_sha: string;
  name: string;
  status: string;
  conclusion: string | null;
  output: { title: string; summary: string; annotations_count: number };
  app: { id: number };
}

/** Every `CMS content` run on a commit, newest first. */
const runsOn = async (sha: string, repo = 'demo/blog'): Promise<Run[]> =>
  (
    await asUser(
      'demo',
      'GET',
      `/repos/${repo}/commits/${sha}/check-runs?filter=all&check_name=${encodeURIComponent('CMS content')}`,
    )
  ).check_runs;
const annotationsOf = async (run: Run) =>
  (
    (await asUser('demo', 'GET', `/repos/demo/blog/check-runs/${run.id}/annotations`)) as {
      path: string;
      start_line: number;
      end_line: number;
      annotation_level: string;
      message: string;
    }[]
  ).map(({ path, start_line, end_line, annotation_level, message }) => ({
    path,
    start_line,
    end_line,
    annotation_level,
    message,
  }));

/** Every webhook the host sent so far answered, then every queued job run; the GitHub requests those jobs made. */
async function runQueuedChecks() {
  await service.github.settleWebhooks();
  service.github.resetRequestCount();
  const ran = await service.indexJobs.runAll();
  return { ran, github: service.github.requestCount() };
}

/** Writes a file on a branch through the REST contents API, as `login` with their own token. */
async function writeAs(login: string, branch: string, path: string, content: string) {
  const existing = await fetch(
    `${service.github.apiUrl}/repos/demo/blog/contents/${path}?ref=${branch}`,
    { headers: { authorization: `Bearer ${service.github.issueUserToken(login).access_token}` } },
  );
  const sha =
    existing.status === 200 ? ((await existing.json()) as { sha: string }).sha : undefined;
  const written = await asUser(login, 'PUT', `/repos/demo/blog/contents/${path}`, {
    message: `Write ${path}`,
    content: b64(content),
    branch,
    ...(sha ? { sha } : {}),
  });
  return written.commit.sha as string;
}

const brokenPost = [
  '---',
  'title: Written elsewhere',
  'date: someday',
  'author: nobody',
  '---',
  'Body.',
  '',
].join('\n');
const fixedPost = brokenPost
  .replace('date: someday', 'date: 2026-11-28')
  .replace('nobody', 'alice');
const brokenPath = 'content/posts/written-elsewhere.md';

describe('a pull request opened outside the CMS', () => {
  let number: number;
  let brokenHead: string;
  let fixedHead: string;

  it('gets a failing CMS content run on its head, annotated on the broken lines', async () => {
    const main = (await asUser('alice', 'GET', '/repos/demo/blog/git/ref/heads/main')).object.sha;
    await asUser('alice', 'POST', '/repos/demo/blog/git/refs', {
      ref: 'refs/heads/elsewhere',
      sha: main,
    });
    brokenHead = await writeAs('alice', 'elsewhere', brokenPath, brokenPost);
    number = (
      await asUser('alice', 'POST', '/repos/demo/blog/pulls', {
        title: 'A post written elsewhere',
        head: 'elsewhere',
        base: 'main',
      })
    ).number;

    const { ran, github } = await runQueuedChecks();
    expect(ran).toBe(1);
    // The App's installation token (its installation, then the token), the pull request's
    // files, the head's tree, the texts of the config and the changed file, the run on the
    // head, and the run's creation with its annotations.
    expect(github).toBe(7);
    const [run, ...more] = await runsOn(brokenHead);
    expect(more).toEqual([]);
    expect(run).toMatchObject({
      head_sha: brokenHead,
      status: 'completed',
      conclusion: 'failure',
      app: { id: service.github.app.appId },
      output: { title: '2 errors, 0 warnings in 1 file', annotations_count: 2 },
    });
    expect(await annotationsOf(run!)).toEqual([
      {
        path: brokenPath,
        start_line: 3,
        end_line: 3,
        annotation_level: 'failure',
        message: 'frontmatter.date: expected a date as YYYY-MM-DD or an ISO date-time',
      },
      {
        path: brokenPath,
        start_line: 4,
        end_line: 4,
        annotation_level: 'failure',
        message: 'frontmatter.author: no item "nobody" in collection "authors"',
      },
    ]);
  });

  it('turns to success on the new head once the file is fixed and pushed, the broken head keeping its run', async () => {
    fixedHead = await writeAs('alice', 'elsewhere', brokenPath, fixedPost);
    const { ran, github } = await runQueuedChecks();
    expect(ran).toBe(1);
    // The token is the one minted for the first run.
    expect(github).toBe(5);
    const [run, ...more] = await runsOn(fixedHead);
    expect(more).toEqual([]);
    expect(run).toMatchObject({
      conclusion: 'success',
      output: { title: '1 file checked, no problem', annotations_count: 0 },
    });
    expect((await runsOn(brokenHead)).map((old) => old.conclusion)).toEqual(['failure']);
  });

  it('completes the same run again on "Re-run checks", not a second one', async () => {
    const [before] = await runsOn(fixedHead);
    // A person's "Re-run checks" on GitHub (the suite of a run is known by the run on the local host).
    await asUser('demo', 'POST', `/repos/demo/blog/check-suites/${before!.id}/rerequest`);
    expect((await runQueuedChecks()).ran).toBe(1);
    const runs = await runsOn(fixedHead);
    expect(runs.map((run) => [run.id, run.conclusion])).toEqual([[before!.id, 'success']]);
    expect(number).toBeGreaterThan(0);
  });

  it('runs nothing for a redelivered event', async () => {
    const [delivery] = service.github
      .webhookDeliveries()
      .filter((sent) => sent.event === 'pull_request')
      .slice(-1);
    expect(delivery?.status).toBe(202);
    const body = JSON.stringify({
      action: 'synchronize',
      number,
      pull_request: { number, head: { sha: fixedHead } },
      repository: { full_name: 'demo/blog' },
    });
    const again = await postEvent(body, delivery!.id);
    expect(again.status).toBe(202);
    expect(await again.json()).toEqual({ event: 'pull_request', outcome: 'duplicate' });
    expect(service.indexJobs.delays()).toEqual([]);
  });

  it('refuses a delivery with a bad signature with 401, and runs nothing', async () => {
    const body = JSON.stringify({
      action: 'opened',
      number,
      pull_request: { number, head: { sha: brokenHead } },
      repository: { full_name: 'demo/blog' },
    });
    const refused = await postEvent(body, 'a-fresh-delivery', 'another secret of enough length');
    expect(refused.status).toBe(401);
    expect(service.indexJobs.delays()).toEqual([]);
  });
});

describe('a pull request with more problems than GitHub takes in one request', () => {
  it('gets every annotation, 50 a request', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 26 }, (_, n) => [`content/posts/many-${n}.md`, brokenPost]),
    );
    const head = await pushFiles(service, 'demo/blog', 'many', files);
    await openHostPull(service, { head: 'many', title: 'Many broken posts' });
    const { ran, github } = await runQueuedChecks();
    expect(ran).toBe(1);
    // As the first check, less the token (minted already), plus one update for annotations 51-52.
    expect(github).toBe(6);
    const [run, ...more] = await runsOn(head);
    expect(more).toEqual([]);
    expect(run).toMatchObject({
      conclusion: 'failure',
      output: { title: '52 errors, 0 warnings in 26 files', annotations_count: 52 },
    });
  });
});

describe('a repository not connected to the CMS', () => {
  it('gets no check run', async () => {
    const main = (await asUser('demo', 'GET', '/repos/demo/docs/git/ref/heads/main')).object.sha;
    await asUser('demo', 'POST', '/repos/demo/docs/git/refs', {
      ref: 'refs/heads/unchecked',
      sha: main,
    });
    const head = (
      await asUser('demo', 'PUT', '/repos/demo/docs/contents/unchecked.md', {
        message: 'Unchecked',
        content: b64('---\ntitle: 1\n---\n'),
        branch: 'unchecked',
      })
    ).commit.sha as string;
    await asUser('demo', 'POST', '/repos/demo/docs/pulls', {
      title: 'Unchecked',
      head: 'unchecked',
      base: 'main',
    });
    await service.github.settleWebhooks();
    const answered = service.github
      .webhookDeliveries()
      .filter((sent) => sent.event === 'pull_request' && sent.repository === 'demo/docs');
    expect(answered.map((sent) => sent.status)).toEqual([202]);
    expect(service.indexJobs.delays()).toEqual([]);
    expect(await runsOn(head, 'demo/docs')).toEqual([]);
  });
});

describe('a required CMS content check on the default branch', () => {
  const post = '2024-02-14-hello-world';
  const path = `content/posts/${post}.md`;
  const draftBranch = `cms/posts/${post}`;

  it("holds the CMS's Publish back while the draft's file is broken, and lets it through once fixed", async () => {
    await asUser('demo', 'PUT', '/repos/demo/blog/branches/main/protection', {
      required_status_checks: { strict: false, contexts: ['CMS content'] },
      enforce_admins: true,
      required_pull_request_reviews: null,
      restrictions: null,
    });
    await saveDraft(api, demo, post, { title: 'Checked hello' });
    const { number } = await openPull(api, demo, post, 'Checked hello');
    await runQueuedChecks();

    // Someone breaks the draft's file on its branch, outside the CMS.
    const text = Buffer.from(
      (await asUser('alice', 'GET', `/repos/demo/blog/contents/${path}?ref=${draftBranch}`))
        .content,
      'base64',
    ).toString('utf8');
    const broken = text.replace(/^date: .*$/m, 'date: someday');
    expect(broken).not.toBe(text);
    const brokenHead = await writeAs('alice', draftBranch, path, broken);
    await runQueuedChecks();
    expect((await runsOn(brokenHead)).map((run) => run.conclusion)).toEqual(['failure']);

    const refused = await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo });
    expect(refused.status).toBe(409);
    expect(refused.body.publishBlockers).toContainEqual(
      expect.objectContaining({ reason: 'checks-failing', check: 'CMS content' }),
    );
    expect(
      (await service.github.pulls('demo', 'blog')).find((pull) => pull.number === number)?.state,
    ).toBe('open');

    const fixedHead = await writeAs('alice', draftBranch, path, text);
    await runQueuedChecks();
    expect((await runsOn(fixedHead)).map((run) => run.conclusion)).toEqual(['success']);
    const published = await api.put(`${blog}/pulls/${number}/merge`, {}, { session: demo });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body.merged).toBe(true);
  });
});

/** A delivery to the service's App webhook, signed as GitHub signs it (with `secret`). */
function postEvent(body: string, delivery: string, secret = service.githubWebhookSecret) {
  return fetch(`${service.url}/api/github/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'pull_request',
      'x-github-delivery': delivery,
      'x-hub-signature-256': hubSignature(secret, body),
    },
    body,
  });
}
