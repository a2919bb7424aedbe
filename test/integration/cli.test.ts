import { readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { gitShow } from '../support/git-read';
import { onGitHub } from '../support/drafts';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';
import { createCliHome, loginAs, runCli, type CliHome } from './cli-support';

/**
 * The real `cms` binary (the bundle its package ships, cli-support.ts) against local mode: signed in
 * through the device page as demo, then every command a CI pipeline or a person would use.
 */
let service: TestService;
let api: ApiClient;
let home: CliHome;
let demo: string;
const blog = '/api/repos/demo%2Fblog';
const hello = '2024-02-14-hello-world';
const cms = (args: string[], extra?: Record<string, string>, input?: string) =>
  runCli(args, home.env(extra), input);
const json = <T = any>(stdout: string): T => JSON.parse(stdout) as T;

/** A port nothing listens on: one the system just handed out and took back. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
  home = await createCliHome(service.url);
});
afterAll(async () => {
  await home?.remove();
  await service?.stop();
});

describe('before signing in', () => {
  it("exits 2 on a usage error, with commander's message", async () => {
    const unknownFlag = await cms(['repos', '--no-such-flag']);
    expect(unknownFlag.code).toBe(2);
    expect(unknownFlag.stderr).toMatch(/unknown option '--no-such-flag'/);
    const badRepo = await cms(['content', 'list', 'not-a-repo', 'posts']);
    expect(badRepo.code).toBe(2);
    expect(badRepo.stderr).toMatch(/expected a repository as owner\/name/);
    expect((await cms(['drafts', 'show', 'demo/blog', 'one'])).code).toBe(2);
  });

  it('exits 1 when the service cannot be reached', async () => {
    const closed = await freePort();
    const result = await cms(['whoami', '--url', `http://127.0.0.1:${closed}`], {
      CMS_TOKEN: 'cms_x.y',
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`^error: Cannot reach http://127\\.0\\.0\\.1:${closed}: .*ECONNREFUSED`),
    );
  });

  it('exits 4 without a token, saying how to sign in', async () => {
    const result = await cms(['repos']);
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      `error: Not signed in to ${service.url}: run cms login --url ${service.url}, or set CMS_TOKEN\n`,
    );
    const asJson = await cms(['repos', '--json']);
    expect(json(asJson.stderr)).toEqual({ error: expect.stringMatching(/^Not signed in/) });
  });
});

describe('signed in through the device flow as demo', () => {
  it('logs in with --permissions all: prints the code and page, polls, stores the token per service with mode 0600', async () => {
    // Act: every command below runs with this login, merging and deleting too
    const result = await loginAs(home.env(), 'demo', 'approve', ['--permissions', 'all']);

    // Assess
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^Signed in to ${service.url} as demo \\(the token expires \\d{4}-\\d\\d-\\d\\d; content:read, content:write, content:delete, content:publish, config:read, repos:read on every repository\\)\\n$`,
      ),
    );
    const file = path.join(home.dir, 'config', 'cms', 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const stored = JSON.parse(await readFile(file, 'utf8'));
    expect(stored).toEqual({
      current: service.url,
      services: {
        [service.url]: {
          token: expect.stringMatching(/^cms_/),
          username: 'demo',
          expiresAt: expect.any(String),
        },
      },
    });
  });

  it('whoami answers the user, as text and as JSON', async () => {
    expect(await cms(['whoami'])).toMatchObject({ code: 0, stdout: `demo at ${service.url}\n` });
    expect(json((await cms(['whoami', '--json'])).stdout)).toEqual({
      url: service.url,
      username: 'demo',
    });
  });

  it('lists connected repositories, and with --available those the app reaches', async () => {
    const text = await cms(['repos']);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^REPOSITORY\s+CONNECTED\ndemo\/blog\s+\d{4}-/);
    expect(json((await cms(['repos', '--json'])).stdout)).toEqual([
      { fullName: 'demo/blog', addedAt: expect.any(String) },
    ]);
    const available = json<{ fullName: string }[]>(
      (await cms(['repos', '--available', '--json'])).stdout,
    );
    expect(available.map((repo) => repo.fullName)).toEqual(
      expect.arrayContaining(['demo/blog', 'demo/docs']),
    );
  });

  it('shows the config', async () => {
    const text = await cms(['config', 'demo/blog']);
    expect(text.stdout).toMatch(
      /^Demo blog\n\nposts: Posts \(content\/posts, workflow pr\)\n {2}FIELD\s+TYPE\s+REQUIRED\s+LABEL\n {2}title\s+string\s+yes\s+Title\n/,
    );
    expect(json((await cms(['config', 'demo/blog', '--json'])).stdout)).toMatchObject({
      name: 'Demo blog',
      collections: { posts: { directory: 'content/posts' } },
    });
  });

  it('names a collection of the config left out for a problem of its own', async () => {
    await service.github.createRepository({ owner: 'demo', name: 'half', installApp: true });
    const fields = [{ name: 'title', type: 'string', label: 'Title' }];
    await service.github.commitFiles('demo', 'half', {
      branch: 'main',
      message: 'Config',
      author: { name: 'Site', email: 'site@example.com' },
      changes: [
        {
          path: 'cms.config.json',
          content: JSON.stringify({
            name: 'Half',
            collections: {
              posts: { label: 'Posts', directory: 'content/posts', fields },
              pages: { label: 'Pages', directory: 'content/pages', path: 'x.md', fields },
            },
          }),
        },
      ],
    });
    expect(
      (await api.post('/api/repos', { fullName: 'demo/half' }, { session: demo })).status,
    ).toBe(201);
    const text = await cms(['config', 'demo/half']);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('\nposts: Posts (content/posts)\n');
    expect(text.stdout).toContain(
      '\npages: not opened, cms.config.json needs a fix: collections.pages.path: must contain "{slug}" exactly once\n',
    );
  });

  it('lists a collection as a table and as JSON', async () => {
    const text = await cms(['content', 'list', 'demo/blog', 'posts']);
    expect(text.stdout).toMatch(
      new RegExp(`^SLUG\\s+TITLE\\s+SHA\\n${hello}\\s+Hello, world\\s+[0-9a-f]{7}\\n`),
    );
    const items = json<{ slug: string; sha: string }[]>(
      (await cms(['content', 'list', 'demo/blog', 'posts', '--json'])).stdout,
    );
    expect(items.map((item) => item.slug)).toContain(hello);
  });

  it('lists a page, every page, sorted and filtered (ls --limit, --all, --sort, --order, --query)', async () => {
    const whole = json<{ slug: string; frontmatter: { date?: string } }[]>(
      (await cms(['content', 'list', 'demo/blog', 'posts', '--json'])).stdout,
    );
    const first = await cms(['content', 'ls', 'demo/blog', 'posts', '--limit', '2', '--json']);
    expect(json<{ slug: string }[]>(first.stdout).map((item) => item.slug)).toEqual(
      whole.slice(0, 2).map((item) => item.slug),
    );
    expect(first.stderr).toBe(`Showing 2 of ${whole.length} items; --all lists every page.\n`);
    const every = await cms([
      'content',
      'ls',
      'demo/blog',
      'posts',
      '--limit',
      '2',
      '--all',
      '--json',
    ]);
    expect(json<{ slug: string }[]>(every.stdout).map((item) => item.slug)).toEqual(
      whole.map((item) => item.slug),
    );
    expect(every.stderr).toBe('');
    const newest = json<{ slug: string }[]>(
      (
        await cms([
          'content',
          'ls',
          'demo/blog',
          'posts',
          '--sort',
          'date',
          '--order',
          'desc',
          '--all',
          '--json',
        ])
      ).stdout,
    );
    expect(newest.map((item) => item.slug)).toEqual(
      [...whole]
        .sort((a, b) => String(b.frontmatter.date).localeCompare(String(a.frontmatter.date)))
        .map((item) => item.slug),
    );
    const found = await cms(['content', 'ls', 'demo/blog', 'posts', '--query', 'HELLO']);
    expect(found.stdout).toMatch(
      new RegExp(`^SLUG\\s+TITLE\\s+SHA\\n${hello}\\s+Hello, world\\s+[0-9a-f]{7}\\n$`),
    );
    const bad = await cms(['content', 'ls', 'demo/blog', 'posts', '--limit', '0']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      expect.stringMatching(
        /--limit <n>' argument '0' is invalid\. expected an integer from 1 to 1000/,
      ),
    ]);
    const unsortable = await cms(['content', 'ls', 'demo/blog', 'posts', '--sort', 'tags']);
    expect([unsortable.code, unsortable.stderr]).toEqual([
      1,
      expect.stringMatching(/^error: sort: posts cannot be sorted by "tags"/),
    ]);
  });

  it('gets an item as a markdown file with frontmatter', async () => {
    const result = await cms(['content', 'get', 'demo/blog', 'posts', hello]);
    expect(result.stdout).toMatch(
      /^---\ntitle: Hello, world\ndate: 2024-02-14\n[\s\S]*\n---\n\nWelcome to the demo blog!/,
    );
  });
});

describe('writing content', () => {
  const slug = 'from-the-cli';

  it('creates an item from a markdown file', async () => {
    // Arrange
    const file = path.join(home.dir, 'post.md');
    await writeFile(
      file,
      '---\ntitle: From the CLI\ndate: 2024-06-01\ntags: [cli]\n---\n\nWritten in a terminal.\n',
    );

    // Act
    const result = await cms(['content', 'put', 'demo/blog', 'posts', slug, file]);

    // Assess
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /^Created content\/posts\/from-the-cli\.md on the default branch \([0-9a-f]{7}\)\n$/,
    );
    const item = (await api.get(`${blog}/content/posts/${slug}`, { session: demo })).body;
    expect(item).toMatchObject({
      frontmatter: { title: 'From the CLI', date: '2024-06-01', tags: ['cli'] },
      body: '\nWritten in a terminal.\n',
    });
  });

  it('updates it with --set (values read as YAML) and stdin, fetching the sha itself', async () => {
    const set = await cms([
      'content',
      'put',
      'demo/blog',
      'posts',
      slug,
      '--set',
      'title=Edited: once',
      '--set',
      'draft=true',
      '--json',
    ]);
    expect(set.code, set.stderr).toBe(0);
    expect(json(set.stdout)).toEqual({
      sha: expect.stringMatching(/^[0-9a-f]{40}$/),
      path: 'content/posts/from-the-cli.md',
      created: false,
    });
    const fromStdin = await cms(
      ['content', 'put', 'demo/blog', 'posts', slug, '-'],
      undefined,
      '---\ntitle: From stdin\ndate: 2024-06-02\n---\nNew body\n',
    );
    expect(fromStdin.stdout).toMatch(/^Updated content\/posts\/from-the-cli\.md/);
    expect((await api.get(`${blog}/content/posts/${slug}`, { session: demo })).body).toMatchObject({
      frontmatter: { title: 'From stdin', date: '2024-06-02' },
      body: 'New body\n',
    });
  });

  it("exits 3 on a conflicting put, with the server's message verbatim", async () => {
    // Arrange: the sha this editor read, then someone else's commit
    const read = json((await cms(['content', 'get', 'demo/blog', 'posts', slug, '--json'])).stdout);
    await cms(['content', 'put', 'demo/blog', 'posts', slug, '--set', 'title=Someone else']);

    // Act
    const result = await cms([
      'content',
      'put',
      'demo/blog',
      'posts',
      slug,
      '--sha',
      read.sha,
      '--set',
      'title=Mine',
    ]);

    // Assess
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      'error: content/posts/from-the-cli.md was modified externally; fetch the latest sha and retry\n',
    );
    expect(
      (await api.get(`${blog}/content/posts/${slug}`, { session: demo })).body.frontmatter.title,
    ).toBe('Someone else');
  });

  it('deletes it', async () => {
    expect(await cms(['content', 'rm', 'demo/blog', 'posts', slug])).toMatchObject({
      code: 0,
      stdout: `Deleted posts/${slug} from demo/blog\n`,
    });
    expect((await api.get(`${blog}/content/posts/${slug}`, { session: demo })).status).toBe(404);
  });
});

describe('a draft from the command line', () => {
  const slug = '2024-04-18-static-sites-and-git';
  let number: number;

  it('saves with --draft to the draft branch and opens the pull request', async () => {
    const result = await cms([
      'content',
      'put',
      'demo/blog',
      'posts',
      slug,
      '--draft',
      '--set',
      'title=Static sites, revised',
      '--title',
      'Revise static sites',
      '--json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const saved = json(result.stdout);
    expect(saved).toMatchObject({
      branch: `cms/posts/${slug}`,
      created: false,
      pullOpened: true,
      prNumber: expect.any(Number),
    });
    number = saved.prNumber;
    const again = await cms([
      'content',
      'put',
      'demo/blog',
      'posts',
      slug,
      '--draft',
      '--set',
      'description=Shorter.',
    ]);
    expect(again.stdout).toMatch(
      new RegExp(`on cms/posts/${slug} \\([0-9a-f]{7}\\)\\nPull request #${number} is open\\n$`),
    );
  });

  it('lists and shows it, and takes a comment', async () => {
    const list = json<{ number: number; title: string }[]>(
      (await cms(['drafts', 'list', 'demo/blog', '--json'])).stdout,
    );
    expect(list).toEqual([
      expect.objectContaining({ number, title: 'Revise static sites', collection: 'posts', slug }),
    ]);
    expect(
      (await cms(['drafts', 'comment', 'demo/blog', String(number), 'Reads', 'well'])).stdout,
    ).toBe(`Commented on #${number} as demo\n`);
    // The CLI opens drafts ready for review (the spec's default); the board's state is a column.
    expect((await cms(['drafts', 'list', 'demo/blog'])).stdout).toMatch(
      new RegExp(
        `^#\\s+STATE\\s+ITEM.*\\n${number}\\s+(in review|ready to publish)\\s+posts/${slug}\\s`,
      ),
    );
    expect((await cms(['drafts', 'ready', 'demo/blog', String(number), '--back'])).stdout).toBe(
      `#${number} is in progress\n`,
    );
    expect((await cms(['drafts', 'list', 'demo/blog'])).stdout).toMatch(
      new RegExp(`\\n${number}\\s+in progress\\s+posts/${slug}\\s`),
    );
    expect((await cms(['drafts', 'ready', 'demo/blog', String(number)])).stdout).toBe(
      `#${number} is ready for review\n`,
    );
    expect(json((await cms(['drafts', 'list', 'demo/blog', '--json'])).stdout)).toEqual([
      expect.objectContaining({ number, draft: false }),
    ]);
    // What a draft in review waits for, as its card on the board says.
    await onGitHub(service.github, 'demo', 'PUT', '/repos/demo/blog/branches/main/protection', {
      required_status_checks: null,
      enforce_admins: true,
      required_pull_request_reviews: { required_approving_review_count: 1 },
      restrictions: null,
    });
    expect((await cms(['drafts', 'list', 'demo/blog'])).stdout).toMatch(
      new RegExp(`\\n${number}\\s+in review: needs approval\\s+posts/${slug}\\s`),
    );
    await onGitHub(service.github, 'demo', 'DELETE', '/repos/demo/blog/branches/main/protection');
    const show = await cms(['drafts', 'show', 'demo/blog', String(number)]);
    expect(show.stdout).toMatch(
      new RegExp(
        `^#${number} Revise static sites\\nitem: {6}posts/${slug} on cms/posts/${slug}\\n`,
      ),
    );
    expect(show.stdout).toMatch(/1 comment:\n {2}demo at .*:\n {4}Reads well\n$/);
  });

  it('diffs field by field, readably, with colours only when asked for a terminal', async () => {
    const plain = await cms(['drafts', 'diff', 'demo/blog', String(number)]);
    expect(plain.stdout).toBe(
      [
        `posts/${slug} (modified)`,
        '  title:       "Static sites, git, and the joy of boring infrastructure" → "Static sites, revised"',
        `  description: ${JSON.stringify((await api.get(`${blog}/content/posts/${slug}`, { session: demo })).body.frontmatter.description)} → "Shorter."`,
        '  unchanged: date, tags, draft, author, seo, links',
        '  body: unchanged',
        '',
      ].join('\n'),
    );
    const coloured = await cms(['drafts', 'diff', 'demo/blog', String(number)], {
      FORCE_COLOR: '1',
    });
    expect(coloured.stdout).toContain('\u001b[32m"Static sites, revised"\u001b[0m');
    expect(
      json((await cms(['drafts', 'diff', 'demo/blog', String(number), '--json'])).stdout),
    ).toEqual([expect.objectContaining({ collection: 'posts', slug, type: 'modified' })]);
  });

  it('merges it into the default branch; merging again exits 3 saying it is already merged', async () => {
    const merged = await cms(['drafts', 'merge', 'demo/blog', String(number)]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toMatch(new RegExp(`^Merged #${number} \\([0-9a-f]{7}\\)\\n$`));
    expect(gitShow(service.github, 'demo/blog', `main:content/posts/${slug}.md`)).toContain(
      'title: "Static sites, revised"',
    );
    const again = await cms(['drafts', 'merge', 'demo/blog', String(number)]);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(new RegExp(`^error: Pull request #${number} is already merged`));
  });

  it('closes another draft without merging', async () => {
    const saved = json(
      (
        await cms([
          'content',
          'put',
          'demo/blog',
          'posts',
          hello,
          '--draft',
          '--set',
          'draft=true',
          '--json',
        ])
      ).stdout,
    );
    expect((await cms(['drafts', 'close', 'demo/blog', String(saved.prNumber)])).stdout).toBe(
      `Closed #${saved.prNumber}; its branch is deleted\n`,
    );
    expect(json((await cms(['drafts', 'list', 'demo/blog', '--json'])).stdout)).toEqual([]);
  });

  it('deletes with --draft on the draft branch and opens its pull request; the default branch keeps the file', async () => {
    const result = await cms(['content', 'rm', 'demo/blog', 'posts', hello, '--draft', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const removed = json(result.stdout);
    expect(removed).toMatchObject({
      ok: true,
      branch: `cms/posts/${hello}`,
      pullOpened: true,
      prNumber: expect.any(Number),
    });
    expect(gitShow(service.github, 'demo/blog', `main:content/posts/${hello}.md`)).toContain(
      'title:',
    );
    const diff = json<{ type: string }[]>(
      (await cms(['drafts', 'diff', 'demo/blog', String(removed.prNumber), '--json'])).stdout,
    );
    expect(diff).toEqual([expect.objectContaining({ slug: hello, type: 'deleted' })]);
    expect((await cms(['drafts', 'close', 'demo/blog', String(removed.prNumber)])).code).toBe(0);
  });

  it('an unchanged save commits nothing and opens no pull request', async () => {
    const result = await cms(['content', 'put', 'demo/blog', 'posts', hello, '--draft']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(
        `^Unchanged: content/posts/${hello}\\.md already has these contents \\([0-9a-f]{7}\\); nothing was committed\\n$`,
      ),
    );
    expect(json((await cms(['drafts', 'list', 'demo/blog', '--json'])).stdout)).toEqual([]);
  });
});

describe('tokens for CI', () => {
  it("uses CMS_TOKEN over the stored login; a missing permission exits 4 with the server's message", async () => {
    // Arrange
    const { token } = await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['content:read'],
    });

    // Act
    const list = await cms(['content', 'list', 'demo/blog', 'posts', '--json'], {
      CMS_TOKEN: token,
    });
    const put = await cms(['content', 'put', 'demo/blog', 'posts', hello, '--set', 'title=CI'], {
      CMS_TOKEN: token,
    });

    // Assess
    expect(list.code).toBe(0);
    expect(put.code).toBe(4);
    expect(put.stderr).toBe('error: This API token lacks the content:write permission\n');
  });

  it('logs out: the stored token is forgotten, later commands exit 4', async () => {
    expect((await cms(['logout'])).stdout).toMatch(new RegExp(`^Signed out of ${service.url}\\.`));
    const whoami = await cms(['whoami']);
    expect(whoami.code).toBe(4);
    expect(whoami.stderr).toMatch(/Not signed in/);
  });
});
