import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';
import { localRepo } from '../support/served-real-sites';

/** `--site DIR`: a user's own git working tree served in place as `local/<dir name>`. */

const config = {
  name: 'My site',
  collections: {
    posts: {
      label: 'Posts',
      directory: 'content/posts',
      fields: [
        { name: 'title', type: 'string', label: 'Title', required: true },
        { name: 'date', type: 'date', label: 'Date', required: true },
      ],
      workflow: { default: 'direct' },
    },
  },
};
const post = (title: string) => `---\ntitle: ${title}\ndate: 2024-05-01\n---\nBody of ${title}.\n`;

let root: string;
let dataDir: string;
let mySite: string;
let otherSite: string;
let bare: string;
let service: TestService;
let api: ApiClient;
let demo: string;

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
  });

async function makeSite(dir: string, files: Record<string, string>): Promise<void> {
  await mkdir(dir, { recursive: true });
  git(dir, 'init', '--quiet', '--initial-branch=main');
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  git(dir, 'add', '--all');
  git(
    dir,
    '-c',
    'user.name=Site Owner',
    '-c',
    'user.email=owner@example.com',
    'commit',
    '--quiet',
    '-m',
    'My site',
  );
}

const repoPath = localRepo;

async function save(
  name: string,
  slug: string,
  title: string,
  mode: 'direct' | 'branch' = 'direct',
) {
  const item = (await api.get(`${repoPath(name)}/content/posts/${slug}`, { session: demo })).body;
  return api.put(
    `${repoPath(name)}/content/posts/${slug}`,
    { frontmatter: { ...item.frontmatter, title }, body: item.body, sha: item.sha, mode },
    { session: demo },
  );
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cms-sites-'));
  dataDir = path.join(root, 'data');
  mySite = path.join(root, 'my-site');
  otherSite = path.join(root, 'other-site');
  bare = path.join(root, 'bare-site');
  await makeSite(mySite, {
    'cms.config.json': JSON.stringify(config, null, 2),
    'README.md': '# My site\n',
    'content/posts/hello.md': post('Hello'),
    'content/posts/second.md': post('Second'),
  });
  await makeSite(otherSite, {
    'cms.config.json': JSON.stringify(config),
    'content/posts/other.md': post('Other'),
  });
  await makeSite(bare, { 'README.md': 'No config here.\n' });
  service = await startTestService({ dataDir, sites: [mySite, otherSite, bare] });
  api = apiClient(service.url);
  demo = await api.signIn('demo');
});
afterAll(async () => {
  await service?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('serving working trees with --site', () => {
  it('connects each configured site as local/<dir name> for the demo user, and says why one is not', async () => {
    expect(
      service.sites.map(({ fullName, defaultBranch, connected }) => ({
        fullName,
        defaultBranch,
        connected,
      })),
    ).toEqual([
      { fullName: 'local/my-site', defaultBranch: 'main', connected: true },
      { fullName: 'local/other-site', defaultBranch: 'main', connected: true },
      { fullName: 'local/bare-site', defaultBranch: 'main', connected: false },
    ]);
    expect(service.sites[2]?.problem).toMatch(/cms\.config\.json is not committed/);
    const list = await api.get('/api/repos', { session: demo });
    expect(list.status).toBe(200);
    expect(list.body.map((repo: { fullName: string }) => repo.fullName)).toEqual(
      expect.arrayContaining(['local/my-site', 'local/other-site']),
    );
    const other = await api.get(`${repoPath('other-site')}/content/posts/other`, { session: demo });
    expect(other.body.frontmatter.title).toBe('Other');
  });

  it('a direct save is a commit on the checked-out branch, and the clean working tree follows it', async () => {
    const before = git(mySite, 'rev-parse', 'HEAD').trim();
    const saved = await save('my-site', 'hello', 'Hello, edited');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(git(mySite, 'rev-parse', 'HEAD~1').trim()).toBe(before);
    const committed = git(mySite, 'show', 'HEAD:content/posts/hello.md');
    expect(committed).toMatch(/title: Hello, edited/);
    expect(await readFile(path.join(mySite, 'content/posts/hello.md'), 'utf8')).toBe(committed);
    expect(git(mySite, 'status', '--porcelain')).toBe('');
  });

  it('a draft is a real branch in the site repository; the working tree is untouched', async () => {
    const head = git(mySite, 'rev-parse', 'HEAD').trim();
    const onDisk = await readFile(path.join(mySite, 'content/posts/second.md'), 'utf8');
    const saved = await save('my-site', 'second', 'Second, drafted', 'branch');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(git(mySite, 'branch', '--list', 'cms/*').trim()).toBe('cms/posts/second');
    expect(git(mySite, 'show', 'cms/posts/second:content/posts/second.md')).toMatch(
      /title: Second, drafted/,
    );
    expect(git(mySite, 'rev-parse', 'HEAD').trim()).toBe(head);
    expect(await readFile(path.join(mySite, 'content/posts/second.md'), 'utf8')).toBe(onDisk);
    expect(git(mySite, 'status', '--porcelain')).toBe('');
  });

  it('merging the draft moves the checked-out branch; the clean working tree follows, the draft branch is gone', async () => {
    const opened = await api.post(
      `${repoPath('my-site')}/pulls`,
      { branch: 'cms/posts/second', title: 'Second, drafted' },
      { session: demo },
    );
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const merged = await api.put(
      `${repoPath('my-site')}/pulls/${opened.body.number}/merge`,
      {},
      { session: demo },
    );
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(await readFile(path.join(mySite, 'content/posts/second.md'), 'utf8')).toMatch(
      /title: Second, drafted/,
    );
    expect(git(mySite, 'status', '--porcelain')).toBe('');
    expect(git(mySite, 'branch', '--list', 'cms/*').trim()).toBe('');
  });

  it('the checked-out branch cannot be deleted through the host', async () => {
    const { access_token: accessToken } = service.github.issueUserToken('demo');
    const response = await fetch(
      `${service.github.apiUrl}/repos/local/my-site/git/refs/heads/main`,
      { method: 'DELETE', headers: { authorization: `Bearer ${accessToken}` } },
    );
    expect(response.status).toBe(422);
    expect(git(mySite, 'rev-parse', '--verify', 'main').trim()).toMatch(/^[0-9a-f]{40}$/);
  });

  it('uncommitted changes survive a save byte for byte, in another file and in the edited file itself', async () => {
    const readme = '# My site\n\nWork in progress, not committed\r\n';
    const mine = `${post('Hello')}My own unsaved paragraph.\n`;
    await writeFile(path.join(mySite, 'README.md'), readme);
    await writeFile(path.join(mySite, 'content/posts/hello.md'), mine);
    const saved = await save('my-site', 'hello', 'Hello from the editor');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(git(mySite, 'show', 'main:content/posts/hello.md')).toMatch(
      /title: Hello from the editor/,
    );
    expect(await readFile(path.join(mySite, 'README.md'), 'utf8')).toBe(readme);
    expect(await readFile(path.join(mySite, 'content/posts/hello.md'), 'utf8')).toBe(mine);
    // The user's files are left as they were; git status lists only the user's own changes.
    expect(git(mySite, 'status', '--porcelain')).toBe(' M README.md\n M content/posts/hello.md\n');
  });

  it('a later run without --site serves the seed only; the site is no longer reachable', async () => {
    await service.stop();
    service = await startTestService({ dataDir });
    const again = apiClient(service.url);
    const session = await again.signIn('demo');
    expect(service.sites).toEqual([]);
    expect(
      (await again.get(`${repoPath('my-site')}/content/posts/hello`, { session })).status,
    ).toBe(404);
    expect((await again.post('/api/repos', { fullName: 'demo/blog' }, { session })).status).toBe(
      201,
    );
    // The site repository itself is untouched by the restart.
    expect(git(mySite, 'log', '--format=%s', '-1').trim()).not.toBe('');
  });
});
