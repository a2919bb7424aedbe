import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from '../support/api-client';
import { startTestService, type TestService } from '../support/local-service';
import { captureLogs, type LogCapture } from '../support/log-capture';

/**
 * `--site DIR` with uncommitted changes in the working tree: files the service saves follow the
 * checked-out branch (index and working tree), files the user changed are never touched, and
 * `git status` lists only the user's own changes.
 */
const config = {
  name: 'Dirty site',
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
const slugs = Array.from({ length: 60 }, (_, n) => `post-${String(n).padStart(2, '0')}`);
const post = (title: string) => `---\ntitle: ${title}\ndate: 2024-05-01\n---\nBody of ${title}.\n`;
const readme = '# Dirty site\n';
const repo = `/api/repos/${encodeURIComponent('local/dirty-site')}`;

let root: string;
let site: string;
let service: TestService;
let api: ApiClient;
let demo: string;
let logs: LogCapture;

const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: site,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'Owner',
      GIT_AUTHOR_EMAIL: 'owner@example.com',
      GIT_COMMITTER_NAME: 'Owner',
      GIT_COMMITTER_EMAIL: 'owner@example.com',
    },
  });
const fileOf = (name: string) => readFile(path.join(site, name), 'utf8');
/** What the local host printed about this site since `from` (an offset into the capture). */
const reportsSince = (from: number) =>
  logs
    .text()
    .slice(from)
    .split('\n')
    .filter((line) => line.startsWith('[github-local]') && line.includes(site));

async function save(slug: string, title: string, body?: string) {
  const item = (await api.get(`${repo}/content/posts/${slug}`, { session: demo })).body;
  const saved = await api.put(
    `${repo}/content/posts/${slug}`,
    {
      frontmatter: { ...item.frontmatter, title },
      body: body ?? item.body,
      sha: item.sha,
      mode: 'direct',
    },
    { session: demo },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'cms-dirty-'));
  site = path.join(root, 'dirty-site');
  await mkdir(path.join(site, 'content/posts'), { recursive: true });
  git('init', '--quiet', '--initial-branch=main');
  await writeFile(path.join(site, 'cms.config.json'), JSON.stringify(config, null, 2));
  await writeFile(path.join(site, 'README.md'), readme);
  for (const slug of slugs)
    await writeFile(path.join(site, `content/posts/${slug}.md`), post(slug));
  git('add', '--all');
  git('commit', '--quiet', '-m', 'Dirty site');
  logs = captureLogs();
  service = await startTestService({ sites: [site] });
  api = apiClient(service.url);
  demo = await api.signIn('demo');
});
afterAll(async () => {
  logs?.restore();
  await service?.stop();
  await rm(root, { recursive: true, force: true });
});

describe('a served working tree with uncommitted changes', () => {
  it('after 60 saves beside one uncommitted file, the saved files follow the branch and git status lists only that file', async () => {
    const mine = `${readme}\nWork in progress, not committed.\n`;
    await writeFile(path.join(site, 'README.md'), mine);
    const from = logs.text().length;

    for (const slug of slugs) await save(slug, `${slug} edited`);

    expect(git('status', '--porcelain')).toBe(' M README.md\n');
    for (const slug of slugs)
      expect(await fileOf(`content/posts/${slug}.md`)).toBe(
        git('show', `main:content/posts/${slug}.md`),
      );
    expect(await fileOf('content/posts/post-59.md')).toMatch(/^title: post-59 edited$/m);
    expect(await fileOf('README.md')).toBe(mine);
    const reports = reportsSince(from);
    expect(reports).toHaveLength(slugs.length);
    expect(reports.at(-1)).toContain('your uncommitted changes (README.md) were left as they are');
    expect(reports.join('\n')).not.toMatch(/content\/posts/);
    // Committing there now commits the user's change and undoes none of the saves.
    git('commit', '--quiet', '-am', 'README');
    expect(git('diff', '--name-only', 'HEAD~1', 'HEAD')).toBe('README.md\n');
  });

  it("a save of a file with unstaged changes keeps the user's copy, shows it against the saved version, and prints how to bring the save in", async () => {
    const mine = `${await fileOf('content/posts/post-00.md')}My own paragraph, not saved.\n`;
    await writeFile(path.join(site, 'content/posts/post-00.md'), mine);
    const before = git('rev-parse', 'main').trim();
    const from = logs.text().length;

    await save('post-00', 'post-00 saved again');

    const after = git('rev-parse', 'main').trim();
    expect(await fileOf('content/posts/post-00.md')).toBe(mine);
    expect(git('status', '--porcelain')).toBe(' M content/posts/post-00.md\n');
    const [report] = reportsSince(from);
    const recipe = `git diff ${before} ${after} -- 'content/posts/post-00.md' | git apply`;
    expect(report).toContain(recipe);
    execFileSync('sh', ['-c', recipe], {
      cwd: site,
      env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' },
    });
    expect(await fileOf('content/posts/post-00.md')).toBe(
      mine.replace('title: post-00 edited', 'title: post-00 saved again'),
    );
  });

  it('a save of a file with staged changes leaves the staged and working copies as they are', async () => {
    git('checkout', '--quiet', '--', 'content/posts/post-00.md');
    const staged = `${post('post-01 edited')}Staged by hand.\n`;
    await writeFile(path.join(site, 'content/posts/post-01.md'), staged);
    git('add', 'content/posts/post-01.md');
    const stagedBlob = git('rev-parse', ':content/posts/post-01.md').trim();
    const from = logs.text().length;

    await save('post-01', 'post-01 saved again');

    expect(git('rev-parse', ':content/posts/post-01.md').trim()).toBe(stagedBlob);
    expect(await fileOf('content/posts/post-01.md')).toBe(staged);
    expect(reportsSince(from)[0]).toMatch(/content\/posts\/post-01\.md .*staged/);
    expect(git('status', '--porcelain')).toBe('M  content/posts/post-01.md\n');
  });

  it('a deletion while the tree is dirty removes the file from the index and the working tree', async () => {
    const item = (await api.get(`${repo}/content/posts/post-02`, { session: demo })).body;
    const deleted = await api.delete(`${repo}/content/posts/post-02?sha=${item.sha}`, {
      session: demo,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await expect(fileOf('content/posts/post-02.md')).rejects.toThrow(/ENOENT/);
    expect(git('status', '--porcelain')).toBe('M  content/posts/post-01.md\n');
  });

  it("one commit that changes a clean file and a file with unstaged changes: the clean one follows, the user's copy stays as an untracked file", async () => {
    const mine = `${await fileOf('content/posts/post-03.md')}Still mine.\n`;
    await writeFile(path.join(site, 'content/posts/post-03.md'), mine);
    const items = await Promise.all(
      ['post-03', 'post-04'].map(async (slug) => ({
        slug,
        sha: (await api.get(`${repo}/content/posts/${slug}`, { session: demo })).body.sha,
      })),
    );
    const from = logs.text().length;

    const deleted = await api.post(
      `${repo}/deletions`,
      { collection: 'posts', items, mode: 'direct' },
      { session: demo },
    );

    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await expect(fileOf('content/posts/post-04.md')).rejects.toThrow(/ENOENT/);
    expect(await fileOf('content/posts/post-03.md')).toBe(mine);
    expect(git('status', '--porcelain')).toBe(
      'M  content/posts/post-01.md\n?? content/posts/post-03.md\n',
    );
    expect(reportsSince(from)[0]).toContain('1 saved file(s) followed it');
    expect(reportsSince(from)[0]).toContain(
      'content/posts/post-03.md was deleted by the save while you had uncommitted changes in it: your copy was kept, as an untracked file',
    );
  });

  it('in a clean tree, an untracked file where a save creates one is kept, and the saved version is in the index', async () => {
    git('commit', '--quiet', '-m', 'Staged by hand');
    await rm(path.join(site, 'content/posts/post-03.md'));
    expect(git('status', '--porcelain')).toBe('');
    const mine = '---\ntitle: Mine\ndate: 2024-06-01\n---\nNot added to git.\n';
    await writeFile(path.join(site, 'content/posts/fresh.md'), mine);
    const from = logs.text().length;

    const created = await api.put(
      `${repo}/content/posts/fresh`,
      { frontmatter: { title: 'Fresh', date: '2024-06-02' }, body: 'Saved.\n', mode: 'direct' },
      { session: demo },
    );

    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await fileOf('content/posts/fresh.md')).toBe(mine);
    expect(git('rev-parse', ':content/posts/fresh.md')).toBe(
      git('rev-parse', 'main:content/posts/fresh.md'),
    );
    expect(git('status', '--porcelain')).toBe(' M content/posts/fresh.md\n');
    expect(reportsSince(from)[0]).toContain(
      'content/posts/fresh.md was saved while you had uncommitted changes in it: your copy was kept',
    );
  });
});
