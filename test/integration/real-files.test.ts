import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { gitLog } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * Files as real sites have them (TOML and JSON frontmatter, a byte order mark, broken YAML, symbolic
 * links, binary files, oversized or hostile frontmatter), over HTTP: each comes back as it was,
 * or is refused with a 400 that names why, and nothing is committed that the user did not change.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
const base = '/api/repos/demo%2Fsite/content/posts';
const author = { name: 'Site', email: 'site@example.com' };

const files: Record<string, string | Buffer> = {
  'content/posts/toml.md':
    '+++\ntitle = "Hugo post"\ndate = 2024-05-01\n\n[params]\n  author = "Me"\n+++\n\nBody of a Hugo post.\n',
  // A real Hugo post (test/fixtures/hugo-coder/README.md): multi-line arrays, quoted dates.
  'content/posts/emoji.md': readFileSync(
    new URL('../fixtures/hugo-coder/exampleSite/content/posts/emoji-support.md', import.meta.url),
    'utf8',
  ),
  'content/posts/json.md': '{\n  "title": "JSON post",\n  "date": "2024-06-01"\n}\n\nBody.\n',
  'content/posts/bom.md': '\uFEFF---\ntitle: With a BOM\n---\n\nWritten on Windows.\n',
  'content/posts/plain.md': '---\ntitle: Plain\npublished: yes\n---\n\nBody.\n',
  'content/posts/broken.md': '---\ntitle: "Unclosed\ndate: 2024-01-01\n---\n\nThe body is fine.\n',
  'content/posts/binary.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]),
  'content/posts/huge.md': `---\n${Array.from({ length: 5_000 }, (_, n) => `k${n}: ${n}`).join('\n')}\n---\n\nHuge.\n`,
  'secret.md': '---\ntitle: Not in the collection\n---\nSecret body\n',
  'content/posts/jekyll.md':
    "---\ntitle: 'Jekyll post'\npublished: yes\nfeatured: Off\nweight: 1_000\ndate: 2024-02-14 10:30:00 +0200\n---\n\nBody.\n",
  'content/posts/untitled.md': '---\nweight: 017\n---\n\nNo title here.\n',
};

const file = (path: string) =>
  execFileSync('git', ['--git-dir', service.github.gitDir('demo', 'site'), 'show', `main:${path}`]);
const commits = () => gitLog(service.github, 'demo/site').length;
const item = async (slug: string) => (await api.get(`${base}/${slug}`, { session: demo })).body;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
  await service.github.createRepository({ owner: 'demo', name: 'site', installApp: true });
  const config = {
    name: 'Site',
    collections: {
      posts: {
        label: 'Posts',
        directory: 'content/posts',
        fields: [
          { name: 'title', type: 'string', label: 'Title', required: true },
          { name: 'published', type: 'boolean', label: 'Published' },
          { name: 'featured', type: 'boolean', label: 'Featured' },
          { name: 'weight', type: 'number', label: 'Weight' },
          { name: 'date', type: 'date', label: 'Date' },
        ],
      },
    },
  };
  await service.github.commitFiles('demo', 'site', {
    branch: 'main',
    message: 'Seed',
    author,
    changes: [
      { path: 'cms.config.json', content: JSON.stringify(config) },
      ...Object.entries(files).map(([path, content]) => ({ path, content })),
      { path: 'content/posts/link.md', content: '../../secret.md', symlink: true },
    ],
  });
  expect((await api.post('/api/repos', { fullName: 'demo/site' }, { session: demo })).status).toBe(
    201,
  );
}, 60_000);

afterAll(async () => {
  await service?.stop();
});

describe('files that cannot be edited as fields are listed with a problem', () => {
  it('marks broken, binary, oversized and linked items in the list, and reads TOML and JSON', async () => {
    const response = await api.get(base, { session: demo });
    expect(response.status).toBe(200);
    const problems = Object.fromEntries(
      response.body.map((entry: { slug: string; problem?: { code: string } }) => [
        entry.slug,
        entry.problem?.code ?? null,
      ]),
    );
    expect(problems).toEqual({
      toml: null,
      emoji: null,
      json: null,
      bom: null,
      plain: null,
      broken: 'invalid-frontmatter',
      binary: 'not-text',
      huge: 'too-large',
      link: 'symlink',
      jekyll: null,
      untitled: null,
    });
    // The second list reads the markers from the cache: no file is read (or parsed) again.
    service.github.resetRequestCount();
    expect((await api.get(base, { session: demo })).status).toBe(200);
    expect(service.github.requestCount()).toBe(1);
  });
});

describe("typed values as the site's generator reads them", () => {
  const jekyll = files['content/posts/jekyll.md'] as string;

  it('shows YAML 1.1 booleans and numbers of declared fields as booleans and numbers', async () => {
    const post = await item('jekyll');
    expect(post.frontmatter).toEqual({
      title: 'Jekyll post',
      published: true,
      featured: false,
      weight: 1000,
      date: '2024-02-14 10:30:00 +0200',
    });
    const listed = (await api.get(base, { session: demo })).body.find(
      (entry: { slug: string }) => entry.slug === 'jekyll',
    );
    expect(listed.frontmatter).toEqual(post.frontmatter);
  });

  it('keeps every byte of values that mean the same when only the body changes', async () => {
    const post = await item('jekyll');
    const frontmatter = { ...post.frontmatter, date: '2024-02-14T08:30:00Z' };
    const put = await api.put(
      `${base}/jekyll`,
      { frontmatter, body: '\nNew body.\n', sha: post.sha },
      { session: demo },
    );
    expect(put.status).toBe(200);
    expect(file('content/posts/jekyll.md').toString()).toBe(jekyll.replace('Body.', 'New body.'));
  });

  it('rewrites only the line of a value that changes meaning', async () => {
    const post = await item('jekyll');
    const put = await api.put(
      `${base}/jekyll`,
      { frontmatter: { ...post.frontmatter, published: false }, body: post.body, sha: post.sha },
      { session: demo },
    );
    expect(put.status).toBe(200);
    expect(file('content/posts/jekyll.md').toString()).toBe(
      jekyll.replace('Body.', 'New body.').replace('published: yes', 'published: false'),
    );
  });

  it('does not refuse a body edit over values the save does not change', async () => {
    const untitled = await item('untitled');
    expect(untitled.frontmatter).toEqual({ weight: '017' });
    const put = await api.put(
      `${base}/untitled`,
      { frontmatter: untitled.frontmatter, body: '\nA body edit.\n', sha: untitled.sha },
      { session: demo },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(file('content/posts/untitled.md').toString()).toBe(
      '---\nweight: 017\n---\n\nA body edit.\n',
    );
    const changed = await api.put(
      `${base}/untitled`,
      { frontmatter: { weight: 'heavy' }, body: 'x', sha: put.body.sha },
      { session: demo },
    );
    expect(changed.status).toBe(400);
    expect(changed.body.error).toBe('frontmatter.weight: expected a number');
  });
});

describe('TOML and JSON frontmatter', () => {
  const emoji = files['content/posts/emoji.md'] as string;

  it('opens a real Hugo post as fields and commits a one-field edit as a one-line change', async () => {
    const post = await item('emoji');
    expect(post.problem).toBeUndefined();
    expect(post.frontmatter).toMatchObject({ title: 'Emoji Support', date: '2023-07-07' });
    const before = commits();
    const put = await api.put(
      `${base}/emoji`,
      {
        frontmatter: { ...post.frontmatter, title: 'Emoji support in Hugo' },
        body: post.body,
        sha: post.sha,
      },
      { session: demo },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(commits()).toBe(before + 1);
    const committed = file('content/posts/emoji.md').toString();
    expect(committed).toBe(
      emoji.replace('title = "Emoji Support"', 'title = "Emoji support in Hugo"'),
    );
    const changedLines = committed
      .split('\n')
      .filter((line, index) => line !== emoji.split('\n')[index]);
    expect(changedLines).toEqual(['title = "Emoji support in Hugo"']);
    // Saved again as it is now: no commit.
    const again = await item('emoji');
    const unchanged = await api.put(
      `${base}/emoji`,
      { frontmatter: again.frontmatter, body: again.body, sha: again.sha },
      { session: demo },
    );
    expect(unchanged.body).toMatchObject({ unchanged: true, sha: again.sha });
    expect(commits()).toBe(before + 1);
  });

  it('edits a key of a TOML table on its own line, and refuses to remove the whole table with a 400 naming it, committing nothing', async () => {
    const toml = await item('toml');
    expect(toml.frontmatter).toEqual({
      title: 'Hugo post',
      date: '2024-05-01',
      params: { author: 'Me' },
    });
    const before = commits();
    const removed = await api.put(
      `${base}/toml`,
      { frontmatter: { title: 'Hugo post', date: '2024-05-01' }, body: toml.body, sha: toml.sha },
      { session: demo },
    );
    expect(removed.status).toBe(400);
    expect(removed.body.error).toMatch(/^frontmatter\.params: set by a TOML table/);
    expect(commits()).toBe(before);
    expect(file('content/posts/toml.md').toString()).toBe(files['content/posts/toml.md']);
    const put = await api.put(
      `${base}/toml`,
      {
        frontmatter: { ...toml.frontmatter, params: { author: 'You' } },
        body: toml.body,
        sha: toml.sha,
      },
      { session: demo },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(file('content/posts/toml.md').toString()).toBe(
      (files['content/posts/toml.md'] as string).replace('  author = "Me"', '  author = "You"'),
    );
  });

  it('edits a JSON member in place', async () => {
    const post = await item('json');
    const put = await api.put(
      `${base}/json`,
      { frontmatter: { ...post.frontmatter, title: 'Edited' }, body: post.body, sha: post.sha },
      { session: demo },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(file('content/posts/json.md').toString()).toBe(
      (files['content/posts/json.md'] as string).replace('"JSON post"', '"Edited"'),
    );
  });
});

describe('unchanged saves', () => {
  it('make no commit and answer the current sha', async () => {
    const plain = await item('plain');
    const before = commits();
    const put = await api.put(
      `${base}/plain`,
      { frontmatter: plain.frontmatter, body: plain.body, sha: plain.sha },
      { session: demo },
    );
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ sha: plain.sha, path: 'content/posts/plain.md', unchanged: true });
    expect(commits()).toBe(before);
  });

  it('create no draft branch when saving the same bytes as a draft', async () => {
    const plain = await item('plain');
    const put = await api.put(
      `${base}/plain`,
      { frontmatter: plain.frontmatter, body: plain.body, sha: plain.sha, mode: 'branch' },
      { session: demo },
    );
    expect(put.body).toEqual({ sha: plain.sha, path: 'content/posts/plain.md', unchanged: true });
    const branches = execFileSync(
      'git',
      ['--git-dir', service.github.gitDir('demo', 'site'), 'branch', '--list', 'cms/*'],
      { encoding: 'utf8' },
    );
    expect(branches).toBe('');
  });
});

describe('a byte order mark', () => {
  it('is kept by an unchanged save and by a changed one', async () => {
    const bom = await item('bom');
    expect(bom.frontmatter).toEqual({ title: 'With a BOM' });
    const same = await api.put(
      `${base}/bom`,
      { frontmatter: bom.frontmatter, body: bom.body, sha: bom.sha },
      { session: demo },
    );
    expect(same.body.unchanged).toBe(true);
    const changed = await api.put(
      `${base}/bom`,
      { frontmatter: { title: 'Still a BOM' }, body: bom.body, sha: bom.sha },
      { session: demo },
    );
    expect(changed.status).toBe(200);
    expect(file('content/posts/bom.md').toString('utf8')).toBe(
      '\uFEFF---\ntitle: Still a BOM\n---\n\nWritten on Windows.\n',
    );
  });
});

describe('frontmatter that does not parse', () => {
  it('opens with the reason, the raw block and the body, and a save that fixes it works', async () => {
    const broken = await item('broken');
    expect(broken).toMatchObject({
      frontmatter: {},
      problem: {
        code: 'invalid-frontmatter',
        message: expect.stringMatching(/^frontmatter: invalid YAML/),
      },
      rawFrontmatter: 'title: "Unclosed\ndate: 2024-01-01\n',
      body: '\nThe body is fine.\n',
    });
    const put = await api.put(
      `${base}/broken`,
      { frontmatter: { title: 'Fixed', date: '2024-01-01' }, body: broken.body, sha: broken.sha },
      { session: demo },
    );
    expect(put.status).toBe(200);
    expect(file('content/posts/broken.md').toString()).toBe(
      '---\ntitle: Fixed\ndate: 2024-01-01\n---\n\nThe body is fine.\n',
    );
    const fixed = await item('broken');
    expect(fixed.problem).toBeUndefined();
    expect(fixed.rawFrontmatter).toBeUndefined();
  });
});

describe('symbolic links', () => {
  it('are never followed: the item opens empty and marked', async () => {
    const link = await item('link');
    expect(link).toMatchObject({ frontmatter: {}, body: '', problem: { code: 'symlink' } });
    expect(JSON.stringify(link)).not.toContain('Secret body');
  });

  it('are never written or deleted through', async () => {
    const link = await item('link');
    const before = commits();
    const put = await api.put(
      `${base}/link`,
      { frontmatter: { title: 'Over the link' }, body: 'x', sha: link.sha },
      { session: demo },
    );
    expect(put.status).toBe(400);
    expect(put.body.error).toMatch(/symbolic link/);
    const remove = await api.delete(`${base}/link?sha=${link.sha}`, { session: demo });
    expect(remove.status).toBe(400);
    expect(remove.body.error).toMatch(/symbolic link/);
    expect(commits()).toBe(before);
    expect(file('secret.md').toString()).toBe(files['secret.md']);
  });
});

describe('binary and oversized files', () => {
  it('open marked, and saves to them are refused', async () => {
    const binary = await item('binary');
    expect(binary).toMatchObject({ frontmatter: {}, body: '', problem: { code: 'not-text' } });
    const put = await api.put(
      `${base}/binary`,
      { frontmatter: { title: 'x' }, body: '', sha: binary.sha },
      { session: demo },
    );
    expect(put.status).toBe(400);
    const huge = await item('huge');
    expect(huge.problem).toMatchObject({ code: 'too-large' });
    const before = commits();
    const save = await api.put(
      `${base}/huge`,
      { frontmatter: { title: 'x' }, body: huge.body, sha: huge.sha },
      { session: demo },
    );
    expect(save.status).toBe(400);
    expect(save.body.error).toMatch(/limits are 128 KiB and 4000 keys/);
    expect(commits()).toBe(before);
  });

  it('refuses a save over the limits before writing anything', async () => {
    const many = Object.fromEntries(Array.from({ length: 5_000 }, (_, n) => [`k${n}`, n]));
    const put = await api.put(
      `${base}/many-keys`,
      { frontmatter: many, body: '' },
      { session: demo },
    );
    expect(put.status).toBe(400);
    expect(put.body.error).toMatch(/more than 4000 keys and list items/);
    const huge = { text: 'x'.repeat(200_000) };
    const big = await api.put(
      `${base}/many-keys`,
      { frontmatter: huge, body: '' },
      { session: demo },
    );
    expect(big.status).toBe(400);
    expect(big.body.error).toMatch(/bytes as JSON is too large/);
    expect((await api.get(`${base}/many-keys`, { session: demo })).status).toBe(404);
  });
});

describe('keys that are also JavaScript property names', () => {
  it('save, list and read like any other key', async () => {
    const frontmatter = {
      title: 'Hostile keys',
      constructor: 'a',
      prototype: 'b',
      toString: 'c',
      hasOwnProperty: 'd',
    };
    const put = await api.put(`${base}/hostile`, { frontmatter, body: 'x\n' }, { session: demo });
    expect(put.status).toBe(200);
    const list = await api.get(base, { session: demo });
    expect(list.status).toBe(200);
    expect(
      list.body.find((entry: { slug: string }) => entry.slug === 'hostile').frontmatter,
    ).toEqual(frontmatter);
    expect((await item('hostile')).frontmatter).toEqual(frontmatter);
  });
});

describe('a config naming a collection "constructor"', () => {
  it('is refused with a 409 naming the reserved name, and the repository recovers when it is fixed', async () => {
    const fields = [{ name: 'title', type: 'string', label: 'Title' }];
    const config = (extra: Record<string, unknown>) =>
      JSON.stringify({
        name: 'Site',
        collections: { posts: { label: 'Posts', directory: 'content/posts', fields }, ...extra },
      });
    const commitConfig = (content: string) =>
      service.github.commitFiles('demo', 'site', {
        branch: 'main',
        message: 'Config',
        author,
        changes: [{ path: 'cms.config.json', content }],
      });
    await commitConfig(config({ constructor: { label: 'C', directory: 'content/c', fields } }));
    for (const path of [
      '/api/repos/demo%2Fsite/config',
      base,
      '/api/repos/demo%2Fsite/content/constructor',
    ]) {
      const response = await api.get(path, { session: demo });
      expect(response.status, path).toBe(409);
      expect(response.body.error).toMatch(
        /^demo\/site has an invalid cms\.config\.json: collections\.constructor: is a reserved collection name/,
      );
    }
    await commitConfig(config({}));
    expect((await api.get(base, { session: demo })).status).toBe(200);
  });
});
