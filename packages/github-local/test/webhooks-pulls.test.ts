import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SEED_APP_ID, SEED_INSTALLATION_ID } from '../src/seed';
import { branchWith, commitOn, freshRepo, headOf } from './collaboration-helpers';
import { expectGitHubResponse, expectGitHubWebhook } from './support/github-openapi';
import { api, signAppJwt, startTestHost, type TestHost } from './helpers';
import { signatureValid, startReceiver, type WebhookReceiver } from './webhook-receiver';

/**
 * The app's webhook for a checking App: `pull_request` when a pull request is opened, reopened or
 * its head branch pushed, `check_suite` when its head is pushed or its checks re-requested.
 */

const SECRET = 'pull hook secret';
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('app webhooks: pull_request and check_suite events', () => {
  let host: TestHost;
  let receiver: WebhookReceiver;
  let alice: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    host = await startTestHost({ appWebhook: { url: receiver.url, secret: SECRET } });
    alice = host.gh.issueUserToken('alice').access_token;
    await freshRepo(host.gh, 'checked', { 'posts/a.md': 'a\n' }, { alice: 'write' });
  });
  afterAll(async () => {
    await host.dispose();
    await receiver.close();
  });
  beforeEach(async () => {
    await host.gh.settleWebhooks();
    receiver.clear();
  });

  const call = (path: string, options: { method?: string; body?: unknown; token?: string } = {}) =>
    api(host.gh, path, {
      token: options.token ?? alice,
      method: options.method,
      body: options.body,
    });
  const events = async (name: string) => {
    await host.gh.settleWebhooks();
    return receiver.received.filter((hook) => hook.headers['x-github-event'] === name);
  };
  const write = (path: string, content: string, branch: string, sha?: string) =>
    call(`/repos/demo/checked/contents/${path}`, {
      method: 'PUT',
      body: { message: `Write ${path}`, content: b64(content), branch, ...(sha ? { sha } : {}) },
    });
  const branchOff = (branch: string) =>
    headOf(host.gh, 'demo', 'checked', 'main').then((sha) =>
      call('/repos/demo/checked/git/refs', {
        method: 'POST',
        body: { ref: `refs/heads/${branch}`, sha },
      }),
    );
  const installationToken = async () => {
    const jwt = signAppJwt(host.gh.app.privateKeyPem, host.gh.app.appId);
    return (
      await call(`/app/installations/${SEED_INSTALLATION_ID}/access_tokens`, {
        method: 'POST',
        token: jwt,
      })
    ).body.token as string;
  };

  it('sends opened for a pull request opened over REST, signed, in GitHub’s shape, from its author', async () => {
    await branchOff('opened');
    const head = (await write('posts/b.md', 'b\n', 'opened')).body.commit.sha as string;
    await host.gh.settleWebhooks();
    receiver.clear();
    const opened = await call('/repos/demo/checked/pulls', {
      method: 'POST',
      body: { title: 'B', head: 'opened', base: 'main' },
    });
    expect(opened.status).toBe(201);

    const [hook] = await events('pull_request');
    expect(signatureValid(hook!, SECRET)).toBe(true);
    expect(hook!.headers['x-github-hook-installation-target-id']).toBe(String(SEED_APP_ID));
    expectGitHubWebhook('pull-request-opened', hook!.body);
    expect(hook!.body).toMatchObject({
      action: 'opened',
      number: opened.body.number,
      pull_request: {
        number: opened.body.number,
        state: 'open',
        head: { ref: 'opened', sha: head },
        base: { ref: 'main' },
        user: { login: 'alice' },
      },
      repository: { full_name: 'demo/checked' },
      installation: { id: SEED_INSTALLATION_ID },
      sender: { login: 'alice' },
    });
    // Opening moves no branch: no check suite is requested by it.
    expect(await events('check_suite')).toEqual([]);
  });

  it('sends synchronize and check_suite requested for a push to the head branch, and nothing for a branch without one', async () => {
    await branchOff('synced');
    const first = await write('posts/c.md', 'c\n', 'synced');
    const number = (
      await call('/repos/demo/checked/pulls', {
        method: 'POST',
        body: { title: 'C', head: 'synced', base: 'main' },
      })
    ).body.number as number;
    await branchOff('lonely');
    await write('posts/d.md', 'd\n', 'lonely');
    await host.gh.settleWebhooks();
    receiver.clear();

    const second = await write('posts/c.md', 'c, again\n', 'synced', first.body.content.sha);
    const after = second.body.commit.sha as string;
    await write(
      'posts/d.md',
      'd, again\n',
      'lonely',
      (await call('/repos/demo/checked/contents/posts/d.md?ref=lonely')).body.sha,
    );

    const [sync, ...moreSyncs] = await events('pull_request');
    expect(moreSyncs).toEqual([]);
    expectGitHubWebhook('pull-request-synchronize', sync!.body);
    expect(sync!.body).toMatchObject({
      action: 'synchronize',
      number,
      before: first.body.commit.sha,
      after,
      pull_request: { number, head: { ref: 'synced', sha: after } },
    });
    const [suite, ...moreSuites] = await events('check_suite');
    expect(moreSuites).toEqual([]);
    expectGitHubWebhook('check-suite-requested', suite!.body);
    expect(suite!.body).toMatchObject({
      action: 'requested',
      check_suite: {
        head_branch: 'synced',
        head_sha: after,
        before: first.body.commit.sha,
        after,
        pull_requests: [{ number, head: { ref: 'synced', sha: after }, base: { ref: 'main' } }],
        app: { id: SEED_APP_ID },
      },
      installation: { id: SEED_INSTALLATION_ID },
    });
  });

  it("sends synchronize to the parent for a push to a fork's branch, though the App is not on the fork", async () => {
    await freshRepo(host.gh, 'forked', { 'README.md': '# Site\n' });
    await host.gh.forkRepository('demo', 'forked', 'bob');
    await branchWith(host.gh, 'bob', 'forked', 'feature', { 'posts/f.md': 'f\n' });
    const opened = await call('/repos/demo/forked/pulls', {
      method: 'POST',
      token: host.gh.issueUserToken('demo').access_token,
      body: { title: 'From a fork', head: 'bob:feature', base: 'main' },
    });
    expect(opened.status).toBe(201);
    await host.gh.settleWebhooks();
    receiver.clear();

    const after = await commitOn(host.gh, 'bob', 'forked', 'feature', { 'posts/f.md': 'f2\n' });
    const [sync, ...more] = await events('pull_request');
    expect(more).toEqual([]);
    expect(sync!.body).toMatchObject({
      action: 'synchronize',
      number: opened.body.number,
      after,
      repository: { full_name: 'demo/forked' },
      pull_request: { head: { sha: after, repo: { full_name: 'bob/forked' } } },
    });
    // The fork has no installation: no push of its own, and its suite is not the parent's.
    expect(await events('push')).toEqual([]);
    expect(await events('check_suite')).toEqual([]);
  });

  it('sends reopened for a closed pull request opened again', async () => {
    await branchOff('again');
    await write('posts/e.md', 'e\n', 'again');
    const number = (
      await call('/repos/demo/checked/pulls', {
        method: 'POST',
        body: { title: 'E', head: 'again', base: 'main' },
      })
    ).body.number as number;
    await call(`/repos/demo/checked/pulls/${number}`, {
      method: 'PATCH',
      body: { state: 'closed' },
    });
    await host.gh.settleWebhooks();
    receiver.clear();
    const reopened = await call(`/repos/demo/checked/pulls/${number}`, {
      method: 'PATCH',
      body: { state: 'open' },
    });
    expect(reopened.status).toBe(200);
    const [hook, ...more] = await events('pull_request');
    expect(more).toEqual([]);
    expectGitHubWebhook('pull-request-reopened', hook!.body);
    expect(hook!.body).toMatchObject({
      action: 'reopened',
      number,
      pull_request: { state: 'open' },
    });
  });

  it('lists the files a pull request changes, and re-requests a check suite through the webhook', async () => {
    await branchOff('files');
    await write('posts/f.md', 'f\n', 'files');
    const head = (await write('posts/g.md', 'g\n', 'files')).body.commit.sha as string;
    const number = (
      await call('/repos/demo/checked/pulls', {
        method: 'POST',
        body: { title: 'F', head: 'files', base: 'main' },
      })
    ).body.number as number;
    const files = await call(`/repos/demo/checked/pulls/${number}/files?per_page=1`);
    expect(files.status).toBe(200);
    expectGitHubResponse('GET', '/repos/{owner}/{repo}/pulls/{pull_number}/files', 200, files.body);
    expect(files.body.map((file: { filename: string }) => file.filename)).toEqual(['posts/f.md']);
    expect(files.headers.get('link')).toContain('rel="next"');
    const page2 = await call(`/repos/demo/checked/pulls/${number}/files?per_page=1&page=2`);
    expect(page2.body).toMatchObject([{ filename: 'posts/g.md', status: 'added' }]);

    const token = await installationToken();
    const run = await call('/repos/demo/checked/check-runs', {
      method: 'POST',
      token,
      body: { name: 'CMS content', head_sha: head, conclusion: 'success' },
    });
    expect(run.status).toBe(201);
    await host.gh.settleWebhooks();
    receiver.clear();
    const again = await call(
      `/repos/demo/checked/check-suites/${run.body.check_suite.id}/rerequest`,
      {
        method: 'POST',
        token,
      },
    );
    expect(again.status).toBe(201);
    const [suite, ...more] = await events('check_suite');
    expect(more).toEqual([]);
    expectGitHubWebhook('check-suite-rerequested', suite!.body);
    expect(suite!.body).toMatchObject({
      action: 'rerequested',
      check_suite: {
        id: run.body.check_suite.id,
        head_sha: head,
        head_branch: 'files',
        pull_requests: [{ number }],
      },
    });
    const missing = await call('/repos/demo/checked/check-suites/1/rerequest', {
      method: 'POST',
      token,
    });
    expect(missing.status).toBe(404);
  });
});
