import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGitHubWebhook } from './support/github-openapi';
import { api, startTestHost, type TestHost } from './helpers';
import { signatureValid, startReceiver, until, type WebhookReceiver } from './webhook-receiver';

/** A served site's refs move through the host and through the developer's own git: both send a push. */

const SECRET = 'site secret';
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('app webhooks: served sites', () => {
  let root: string;
  let site: string;
  let host: TestHost;
  let receiver: WebhookReceiver;
  let demo: string;

  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: site,
      encoding: 'utf8',
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    }).trim();
  const commitInTree = async (file: string, text: string, message: string) => {
    await writeFile(join(site, file), text);
    git('add', '--all');
    git(
      '-c',
      'user.name=Site Owner',
      '-c',
      'user.email=owner@example.com',
      'commit',
      '--quiet',
      '-m',
      message,
    );
    return git('rev-parse', 'HEAD');
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'github-local-hook-sites-'));
    site = join(root, 'my-site');
    await mkdir(site);
    git('init', '--quiet', '--initial-branch=main');
    await commitInTree('index.md', '# Home\n', 'First');
    receiver = await startReceiver();
    host = await startTestHost({
      sites: [site],
      appWebhook: { url: receiver.url, secret: SECRET },
    });
    demo = host.gh.issueUserToken('demo').access_token;
  });
  afterAll(async () => {
    await host.dispose();
    await receiver.close();
    await rm(root, { recursive: true, force: true });
  });

  it("sends a push for the developer's own git commit in the working tree", async () => {
    const before = git('rev-parse', 'HEAD');
    const after = await commitInTree('about.md', 'About\n', 'Add about page');
    await until(
      () => receiver.pushes().some((push) => push.after === after),
      'the push of the commit made in the working tree',
    );
    await host.gh.settleWebhooks();
    const hook = receiver.received.find((candidate) => candidate.body.after === after)!;
    expect(signatureValid(hook, SECRET)).toBe(true);
    expectGitHubWebhook('push', hook.body);
    expect(hook.body).toMatchObject({
      ref: 'refs/heads/main',
      before,
      after,
      created: false,
      deleted: false,
      forced: false,
      repository: { full_name: 'local/my-site' },
      pusher: { name: 'Site Owner', email: 'owner@example.com' },
      commits: [
        {
          id: after,
          message: 'Add about page',
          added: ['about.md'],
          removed: [],
          modified: [],
          author: { name: 'Site Owner', email: 'owner@example.com' },
        },
      ],
    });
    expect(receiver.pushes().filter((push) => push.after === after)).toHaveLength(1);
  });

  it('sends a save through the host once, though the poll sees the moved ref too', async () => {
    await host.gh.settleWebhooks();
    receiver.clear();
    const sha = (await api(host.gh, '/repos/local/my-site/contents/index.md', { token: demo })).body
      .sha as string;
    const res = await api(host.gh, '/repos/local/my-site/contents/index.md', {
      token: demo,
      method: 'PUT',
      body: { message: 'Edit home', content: b64('# Home!\n'), sha },
    });
    expect(res.status).toBe(200);
    const after = res.body.commit.sha as string;
    expect(git('rev-parse', 'HEAD')).toBe(after);
    // A later commit in the tree proves the poll ran after the save: its push comes after the save's.
    const later = await commitInTree('later.md', 'Later\n', 'Later');
    await until(
      () => receiver.pushes().some((push) => push.after === later),
      'the push of the later commit',
    );
    await host.gh.settleWebhooks();
    expect(receiver.pushes().map((push) => push.after)).toEqual([after, later]);
    expect(receiver.pushes()[0]).toMatchObject({
      sender: { login: 'demo' },
      commits: [{ modified: ['index.md'] }],
    });
  });
});
