import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gitProcessCount, runGit } from '../src/git-command';
import { SEED_APP_ID, SEED_INSTALLATION_ID } from '../src/seed';
import { freshRepo, headOf } from './collaboration-helpers';
import { expectGitHubWebhook } from './support/github-openapi';
import { api, signAppJwt, startTestHost, type TestHost } from './helpers';
import { signatureValid, startReceiver, type WebhookReceiver } from './webhook-receiver';

/** The app's webhook: a signed `push` event for every branch or tag the host moves. */

const SECRET = 'hook secret';
const ZERO = '0'.repeat(40);
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('app webhooks: push events', () => {
  let host: TestHost;
  let receiver: WebhookReceiver;
  let demo: string;
  let alice: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    host = await startTestHost({ appWebhook: { url: receiver.url, secret: SECRET } });
    demo = host.gh.issueUserToken('demo').access_token;
    alice = host.gh.issueUserToken('alice').access_token;
    await freshRepo(
      host.gh,
      'hooked',
      { 'a.md': 'a\n', 'docs/b.md': 'b\n', 'docs/old/c.md': 'c\n' },
      { alice: 'write' },
    );
  });
  afterAll(async () => {
    await host.dispose();
    await receiver.close();
  });
  beforeEach(async () => {
    await host.gh.settleWebhooks();
    receiver.clear();
    receiver.answer(200);
    host.gh.setAppWebhook({ url: receiver.url, secret: SECRET });
  });

  const call = (path: string, options: { method?: string; body?: unknown; token?: string } = {}) =>
    api(host.gh, path, {
      token: options.token ?? demo,
      method: options.method,
      body: options.body,
    });
  const git = (args: string[]) =>
    runGit(host.gh.gitDir('demo', 'hooked'), args).then((out) => out.trim());
  const put = (path: string, content: string, sha?: string, branch?: string) =>
    call(`/repos/demo/hooked/contents/${path}`, {
      method: 'PUT',
      body: {
        message: `Write ${path}`,
        content: b64(content),
        ...(sha ? { sha } : {}),
        ...(branch ? { branch } : {}),
      },
    });
  const pushes = async () => {
    await host.gh.settleWebhooks();
    return receiver.pushes();
  };

  it('signs a contents write and describes it as GitHub does: headers, before/after, the commit and its files', async () => {
    const before = await headOf(host.gh, 'demo', 'hooked', 'main');
    const res = await put('docs/new.md', 'new\n');
    expect(res.status).toBe(201);
    const after = res.body.commit.sha as string;

    await host.gh.settleWebhooks();
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    expect(hook!.method).toBe('POST');
    expect(hook!.path).toBe('/hooks/github');
    expect(signatureValid(hook!, SECRET)).toBe(true);
    expect(signatureValid(hook!, 'another secret')).toBe(false);
    expect(hook!.headers['x-hub-signature']).toBe(
      `sha1=${createHmac('sha1', SECRET).update(hook!.raw).digest('hex')}`,
    );
    expect(hook!.headers).toMatchObject({
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-github-hook-installation-target-type': 'integration',
      'x-github-hook-installation-target-id': String(SEED_APP_ID),
    });
    expect(hook!.headers['user-agent']).toMatch(/^GitHub-Hookshot\//);
    expect(hook!.headers['x-github-delivery']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    expect(hook!.headers['x-github-hook-id']).toMatch(/^\d+$/);

    const payload = hook!.body;
    expectGitHubWebhook('push', payload);
    expect(payload).toMatchObject({
      ref: 'refs/heads/main',
      before,
      after,
      created: false,
      deleted: false,
      forced: false,
      base_ref: null,
      compare: `${host.gh.url}/demo/hooked/compare/${before.slice(0, 12)}...${after.slice(0, 12)}`,
      pusher: { name: 'demo', email: 'demo@example.com' },
      sender: { login: 'demo', id: 1001, type: 'User' },
      installation: { id: SEED_INSTALLATION_ID, node_id: expect.any(String) },
      repository: {
        name: 'hooked',
        full_name: 'demo/hooked',
        private: true,
        default_branch: 'main',
        owner: { login: 'demo' },
        html_url: `${host.gh.url}/demo/hooked`,
      },
    });
    expect(payload.repository.id).toEqual(expect.any(Number));
    expect(payload.commits).toHaveLength(1);
    const commit = payload.commits[0];
    expect(commit).toEqual({
      id: after,
      tree_id: await git(['rev-parse', `${after}^{tree}`]),
      distinct: true,
      message: 'Write docs/new.md',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      url: `${host.gh.url}/demo/hooked/commit/${after}`,
      author: { name: 'Demo User', email: 'demo@example.com', username: 'demo' },
      // The contents API commits as GitHub's web-flow identity, on GitHub as here.
      committer: { name: 'GitHub', email: 'noreply@github.com' },
      added: ['docs/new.md'],
      removed: [],
      modified: [],
    });
    expect(payload.head_commit).toEqual(commit);
  });

  it('builds the payload without starting git: a save still starts two processes, and the delivery none', async () => {
    const sha = (await call('/repos/demo/hooked/contents/a.md')).body.sha as string;
    const before = gitProcessCount();
    const res = await put('a.md', 'counted\n', sha);
    expect(res.status).toBe(200);
    expect(gitProcessCount() - before).toBe(2);
    expect(await pushes()).toMatchObject([
      { after: res.body.commit.sha, commits: [{ modified: ['a.md'] }] },
    ]);
    expect(gitProcessCount() - before).toBe(2);
  });

  it('lists modified and removed paths, and keeps the order of two quick writes', async () => {
    const a = (await call('/repos/demo/hooked/contents/a.md')).body.sha as string;
    const c = (await call('/repos/demo/hooked/contents/docs/old/c.md')).body.sha as string;
    const first = await put('a.md', 'A\n', a);
    const second = await call('/repos/demo/hooked/contents/docs/old/c.md', {
      method: 'DELETE',
      body: { message: 'Remove c', sha: c },
    });
    expect([first.status, second.status]).toEqual([200, 200]);

    const [edit, removal] = await pushes();
    expect(edit).toMatchObject({
      after: first.body.commit.sha,
      commits: [{ added: [], removed: [], modified: ['a.md'] }],
    });
    expect(removal).toMatchObject({
      before: first.body.commit.sha,
      after: second.body.commit.sha,
      commits: [{ added: [], removed: ['docs/old/c.md'], modified: [], message: 'Remove c' }],
    });
    expect(receiver.received).toHaveLength(2);
  });

  it('lists every commit of a fast-forward oldest first; a force update through PATCH refs is forced', async () => {
    const main = await headOf(host.gh, 'demo', 'hooked', 'main');
    const tree = await git(['rev-parse', `${main}^{tree}`]);
    const one = (
      await call('/repos/demo/hooked/git/commits', {
        method: 'POST',
        body: { message: 'One', tree, parents: [main] },
      })
    ).body.sha;
    const two = (
      await call('/repos/demo/hooked/git/commits', {
        method: 'POST',
        body: { message: 'Two', tree, parents: [one] },
      })
    ).body.sha;
    const created = await call('/repos/demo/hooked/git/refs', {
      method: 'POST',
      body: { ref: 'refs/heads/feature', sha: main },
    });
    expect(created.status).toBe(201);
    const forward = await call('/repos/demo/hooked/git/refs/heads/feature', {
      method: 'PATCH',
      body: { sha: two },
    });
    expect(forward.status).toBe(200);
    const sideways = (
      await call('/repos/demo/hooked/git/commits', {
        method: 'POST',
        body: { message: 'Rewritten', tree, parents: [main] },
      })
    ).body.sha;
    const forcedRes = await call('/repos/demo/hooked/git/refs/heads/feature', {
      method: 'PATCH',
      body: { sha: sideways, force: true },
    });
    expect(forcedRes.status).toBe(200);

    const [create, ff, force] = await pushes();
    for (const event of [create, ff, force]) expectGitHubWebhook('push', event);
    expect(create).toMatchObject({
      ref: 'refs/heads/feature',
      before: ZERO,
      after: main,
      created: true,
      deleted: false,
      forced: false,
      commits: [],
      head_commit: { id: main },
    });
    expect(ff).toMatchObject({
      before: main,
      after: two,
      created: false,
      forced: false,
      head_commit: { id: two, message: 'Two' },
    });
    expect(ff.commits.map((commit: { id: string }) => commit.id)).toEqual([one, two]);
    expect(force).toMatchObject({
      before: two,
      after: sideways,
      forced: true,
      created: false,
      deleted: false,
    });
    expect(force.commits.map((commit: { id: string }) => commit.id)).toEqual([sideways]);
  });

  it('sends a deleted branch with after all zeros and no head commit', async () => {
    const main = await headOf(host.gh, 'demo', 'hooked', 'main');
    await call('/repos/demo/hooked/git/refs', {
      method: 'POST',
      body: { ref: 'refs/heads/doomed', sha: main },
    });
    const res = await call('/repos/demo/hooked/git/refs/heads/doomed', { method: 'DELETE' });
    expect(res.status).toBe(204);
    const [, deletion] = await pushes();
    expectGitHubWebhook('push', deletion);
    expect(deletion).toMatchObject({
      ref: 'refs/heads/doomed',
      before: main,
      after: ZERO,
      created: false,
      deleted: true,
      forced: false,
      commits: [],
      head_commit: null,
    });
  });

  it('sends the squash merge of a pull request into main, by the merging user, and nothing for refs/pull/*', async () => {
    const base = await headOf(host.gh, 'demo', 'hooked', 'main');
    const branch = await put(
      'a.md',
      'from a branch\n',
      (await call('/repos/demo/hooked/contents/a.md')).body.sha,
      undefined,
    );
    expect(branch.status).toBe(200);
    // Put main back where it was, on a branch of its own with the edit.
    await call('/repos/demo/hooked/git/refs', {
      method: 'POST',
      body: { ref: 'refs/heads/edit', sha: branch.body.commit.sha },
    });
    await call('/repos/demo/hooked/git/refs/heads/main', {
      method: 'PATCH',
      body: { sha: base, force: true },
    });
    const pull = await call('/repos/demo/hooked/pulls', {
      method: 'POST',
      body: { title: 'Edit a', head: 'edit', base: 'main' },
    });
    expect(pull.status).toBe(201);
    expect(await git(['for-each-ref', '--format=%(refname)', 'refs/pull/'])).toContain(
      'refs/pull/',
    );
    // Opening the pull request wrote refs/pull/{n}/head: no event for it.
    expect((await pushes()).map((push) => push.ref)).toEqual([
      'refs/heads/main',
      'refs/heads/edit',
      'refs/heads/main',
    ]);
    receiver.clear();

    const merged = await call(`/repos/demo/hooked/pulls/${pull.body.number}/merge`, {
      method: 'PUT',
      token: alice,
      body: { merge_method: 'squash' },
    });
    expect(merged.status).toBe(200);
    const events = await pushes();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      ref: 'refs/heads/main',
      before: base,
      after: merged.body.sha,
      forced: false,
      sender: { login: 'alice' },
      pusher: { name: 'alice' },
      commits: [
        {
          id: merged.body.sha,
          message: `Write a.md (#${pull.body.number})`,
          modified: ['a.md'],
          committer: { name: 'GitHub', email: 'noreply@github.com' },
        },
      ],
    });
    expect(receiver.received.every((hook) => !String(hook.body.ref).startsWith('refs/pull/'))).toBe(
      true,
    );
  });

  it("sends a merge made by POST /merges with an installation token, from the app's bot", async () => {
    const main = await headOf(host.gh, 'demo', 'hooked', 'main');
    await call('/repos/demo/hooked/git/refs', {
      method: 'POST',
      body: { ref: 'refs/heads/side', sha: main },
    });
    const side = (
      await call('/repos/demo/hooked/contents/side.md', {
        method: 'PUT',
        body: { message: 'Side', content: b64('side\n'), branch: 'side' },
      })
    ).body.commit.sha;
    await call('/repos/demo/hooked/contents/main.md', {
      method: 'PUT',
      body: { message: 'Main', content: b64('main\n') },
    });
    const mainHead = await headOf(host.gh, 'demo', 'hooked', 'main');
    await host.gh.settleWebhooks();
    receiver.clear();
    const jwt = signAppJwt(host.gh.app.privateKeyPem, host.gh.app.appId);
    const installation = (
      await call(`/app/installations/${SEED_INSTALLATION_ID}/access_tokens`, {
        method: 'POST',
        token: jwt,
      })
    ).body.token as string;

    const merged = await call('/repos/demo/hooked/merges', {
      method: 'POST',
      token: installation,
      body: { base: 'main', head: 'side' },
    });
    expect(merged.status).toBe(201);
    const [event] = await pushes();
    expectGitHubWebhook('push', event);
    expect(event).toMatchObject({
      ref: 'refs/heads/main',
      before: mainHead,
      after: merged.body.sha,
      forced: false,
      sender: { login: 'cms-local[bot]', type: 'Bot' },
      pusher: { name: 'cms-local[bot]', email: null },
    });
    // The merge commit and the branch's commit it brought in, oldest first.
    expect(event.commits.map((commit: { id: string }) => commit.id)).toEqual([
      side,
      merged.body.sha,
    ]);
    expect(event.commits[1]).toMatchObject({ added: ['side.md'], removed: [], modified: [] });
  });

  it('sends nothing while the webhook is off, and nothing for a repository the app is not installed on', async () => {
    host.gh.setAppWebhook(null);
    const main = (await call('/repos/demo/hooked/contents/a.md')).body.sha as string;
    expect((await put('a.md', 'quiet\n', main)).status).toBe(200);
    host.gh.setAppWebhook({ url: receiver.url, secret: SECRET });
    await host.gh.createRepository({ owner: 'demo', name: 'app-not-installed' });
    await host.gh.commitFiles('demo', 'app-not-installed', {
      branch: 'main',
      expectedHead: null,
      changes: [{ path: 'x.md', content: 'x' }],
      message: 'x\n',
      author: { name: 'D', email: 'd@example.com' },
    });
    // A write to an installed repository afterwards is the only event.
    const sha = (await call('/repos/demo/hooked/contents/a.md')).body.sha as string;
    const heard = await put('a.md', 'heard\n', sha);
    expect((await pushes()).map((push) => push.after)).toEqual([heard.body.commit.sha]);
    expect(
      host.gh
        .webhookDeliveries()
        .filter((delivery) => delivery.repository === 'demo/app-not-installed'),
    ).toEqual([]);
  });

  it('a failing receiver changes nothing for the request; the delivery log records the answer or the error', async () => {
    receiver.answer(500);
    const sha = (await call('/repos/demo/hooked/contents/a.md')).body.sha as string;
    const failed = await put('a.md', 'receiver fails\n', sha);
    expect(failed.status).toBe(200);
    await host.gh.settleWebhooks();
    expect(host.gh.webhookDeliveries().at(-1)).toMatchObject({
      event: 'push',
      repository: 'demo/hooked',
      status: 500,
      error: null,
      id: receiver.received.at(-1)!.headers['x-github-delivery'],
    });

    const gone = await startReceiver();
    await gone.close();
    host.gh.setAppWebhook({ url: gone.url, secret: SECRET });
    const refused = await put('a.md', 'nobody listens\n', failed.body.content.sha);
    expect(refused.status).toBe(200);
    await host.gh.settleWebhooks();
    const last = host.gh.webhookDeliveries().at(-1)!;
    expect(last).toMatchObject({
      event: 'push',
      repository: 'demo/hooked',
      status: null,
      url: gone.url,
    });
    expect(last.error).toMatch(/ECONNREFUSED/);
  });

  it('accepts only http(s) webhook URLs', () => {
    expect(() => host.gh.setAppWebhook({ url: 'ftp://127.0.0.1/hook', secret: SECRET })).toThrow(
      /http/,
    );
    expect(() => host.gh.setAppWebhook({ url: 'not a url', secret: SECRET })).toThrow(/http/);
  });
});
