import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { onGitHub, pushFiles, revParse } from '../support/drafts';
import { gitLog, gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService, type SignedIn } from '../support/signed-in';

/**
 * An item's history over real HTTP: its versions (renames and page bundles followed), a version
 * read with `?ref=`, two versions compared field by field, and a restore as a new commit or a draft.
 */
let fixture: SignedIn<'demo' | 'alice'>;
let service: TestService;
let api: ApiClient;
const repo = 'demo/history';
const base = '/api/repos/demo%2Fhistory/content';
const author = { name: 'Demo', email: 'demo@example.com' };

const config = {
  name: 'History',
  collections: {
    notes: {
      label: 'Notes',
      directory: 'content/notes',
      fields: [
        { name: 'title', type: 'string', label: 'Title', required: true },
        {
          name: 'seo',
          type: 'object',
          label: 'SEO',
          fields: [{ name: 'title', type: 'string', label: 'Search title' }],
        },
      ],
    },
    posts: {
      label: 'Posts',
      directory: 'content/posts',
      fields: [{ name: 'title', type: 'string', label: 'Title', required: true }],
      workflow: { default: 'pr' },
    },
    guides: {
      label: 'Guides',
      directory: 'content/guides',
      path: '{slug}/index.md',
      fields: [{ name: 'title', type: 'string', label: 'Title', required: true }],
    },
    docs: {
      label: 'Docs',
      directory: 'content/docs',
      path: ['{slug}.md', '{slug}/index.md'],
      fields: [{ name: 'title', type: 'string', label: 'Title', required: true }],
    },
  },
};

const note = (title: string, seo = 'Search') =>
  `---\ntitle: ${title}\nseo:\n  title: ${seo}\n---\n\nAbout ${title}.\n`;

beforeAll(async () => {
  fixture = await signedInService({
    users: ['demo', 'alice'],
    repos: [repo],
    seed: async (started) => {
      await started.github.createRepository({
        owner: 'demo',
        name: 'history',
        installApp: true,
        collaborators: { alice: 'write' },
      });
      await started.github.commitFiles('demo', 'history', {
        branch: 'main',
        message: 'Start the site',
        author,
        changes: [
          { path: 'cms.config.json', content: JSON.stringify(config, null, 2) },
          { path: 'content/notes/first.md', content: note('First') },
          { path: 'content/notes/other.md', content: note('Other') },
          { path: 'content/posts/hello.md', content: '---\ntitle: Hello\n---\n\nHi.\n' },
          { path: 'content/guides/setup/index.md', content: '---\ntitle: Setup\n---\n\nSteps.\n' },
          { path: 'content/guides/setup/shot.png', content: 'not really a picture' },
          { path: 'content/docs/flat.md', content: '---\ntitle: Flat\n---\n' },
          { path: 'content/docs/deep/index.md', content: '---\ntitle: Deep\n---\n\nBody.\n' },
        ],
      });
    },
  });
  ({ service } = fixture);
  api = fixture.as('demo');
});
afterAll(async () => {
  await fixture?.close();
});

/** Saves a new title (and SEO title) of a note as `who`, directly; answers the new blob sha. */
async function saveNote(
  slug: string,
  title: string,
  options: { as?: ApiClient; seo?: string } = {},
) {
  const client = options.as ?? api;
  const item = (await client.get(`${base}/notes/${slug}`)).body;
  const saved = await client.put(`${base}/notes/${slug}`, {
    frontmatter: { ...item.frontmatter, title, seo: { title: options.seo ?? 'Search' } },
    body: item.body,
    sha: item.sha,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.sha as string;
}

const historyOf = (collection: string, slug: string, query = '') =>
  api.get(`${base}/${collection}/${slug}/history${query}`);

describe('the history of an item', () => {
  it('lists the commits that changed it, newest first, with authors, messages and what the CMS did', async () => {
    await saveNote('first', 'First, edited');
    await saveNote('other', 'Other, edited');
    await saveNote('first', 'First, by Alice', { as: fixture.as('alice') });

    const history = await historyOf('notes', 'first');

    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const { versions, next } = history.body;
    expect(next).toBeNull();
    expect(versions.map((version: { message: string }) => version.message.split('\n')[0])).toEqual([
      'Update notes/first',
      'Update notes/first',
      'Start the site',
    ]);
    expect(versions[0]).toMatchObject({
      sha: revParse(service, repo, 'main'),
      author: { login: 'alice' },
      slug: 'first',
      path: 'content/notes/first.md',
      blob: revParse(service, repo, 'main:content/notes/first.md'),
      cms: { action: 'Saved', by: 'alice' },
    });
    expect(versions[1].cms).toEqual({ action: 'Saved', by: 'demo' });
    expect(versions[2]).toMatchObject({ author: { login: 'demo', name: 'Demo' } });
    expect(versions[2].cms).toBeUndefined();
    expect(versions[2].date).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('pages with a cursor, one GitHub round trip per page', async () => {
    service.github.resetRequestCount();
    const first = await historyOf('notes', 'first', '?limit=2');
    expect(service.github.requestCount()).toBe(1);
    expect(first.body.versions).toHaveLength(2);
    expect(first.body.next).toEqual(expect.any(String));
    // A save meanwhile does not shift the pages: they are pinned to the first page's commit.
    await saveNote('first', 'First, meanwhile');

    service.github.resetRequestCount();
    const second = await historyOf('notes', 'first', `?limit=2&cursor=${first.body.next}`);
    expect(service.github.requestCount()).toBe(1);
    expect(second.status).toBe(200);
    expect(second.body.versions.map((version: { message: string }) => version.message)).toEqual([
      'Start the site',
    ]);
    expect(second.body.next).toBeNull();
  });

  it('follows a rename made in the CMS, and one pushed from outside', async () => {
    const item = (await api.get(`${base}/notes/other`)).body;
    const renamed = await api.post(`${base}/notes/other/rename`, { to: 'moved', sha: item.sha });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    // Someone renames it again with git (the same bytes, under another name).
    await pushFiles(service, repo, 'main', {
      'content/notes/moved.md': null,
      'content/notes/pushed.md': gitShow(service.github, repo, 'main:content/notes/moved.md'),
    });

    const newest = await historyOf('notes', 'pushed');
    expect(newest.body.versions.map((version: { slug: string }) => version.slug)).toEqual([
      'pushed',
    ]);
    service.github.resetRequestCount();
    const beforePush = await historyOf('notes', 'pushed', `?cursor=${newest.body.next}`);
    // The history of `moved`; where it begins, the CMS's rename message names `other` (no round trip).
    expect(service.github.requestCount()).toBe(1);
    expect(beforePush.body.versions.map((version: { slug: string }) => version.slug)).toEqual([
      'moved',
    ]);
    const beforeRename = await historyOf('notes', 'pushed', `?cursor=${beforePush.body.next}`);
    expect(
      beforeRename.body.versions.map(
        (version: { message: string }) => version.message.split('\n')[0],
      ),
    ).toEqual(['Update notes/other', 'Start the site']);
    expect(beforeRename.body.versions[0]).toMatchObject({
      slug: 'other',
      path: 'content/notes/other.md',
    });
    expect(beforeRename.body.next).toBeNull();
  });

  it("is a page bundle's file's history", async () => {
    const item = (await api.get(`${base}/guides/setup`)).body;
    const saved = await api.put(`${base}/guides/setup`, {
      frontmatter: { title: 'Setup, revised' },
      body: item.body,
      sha: item.sha,
    });
    expect(saved.status).toBe(200);
    await pushFiles(service, repo, 'main', { 'content/guides/setup/shot.png': 'another picture' });

    const history = await historyOf('guides', 'setup');
    expect(
      history.body.versions.map((version: { message: string }) => version.message.split('\n')[0]),
    ).toEqual(['Update guides/setup', 'Start the site']);
    expect(history.body.versions[0].path).toBe('content/guides/setup/index.md');
  });

  it('names the change request a published draft came through', async () => {
    const item = (await api.get(`${base}/posts/hello`)).body;
    const saved = await api.put(`${base}/posts/hello`, {
      frontmatter: { title: 'Hello, reviewed' },
      body: item.body,
      sha: item.sha,
      mode: 'branch',
    });
    expect(saved.status).toBe(200);
    const opened = await api.post('/api/repos/demo%2Fhistory/pulls', {
      branch: 'cms/posts/hello',
      title: 'Review hello',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const merged = await api.put(`/api/repos/demo%2Fhistory/pulls/${opened.body.number}/merge`, {});
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);

    const [latest] = (await historyOf('posts', 'hello')).body.versions;
    expect(latest).toMatchObject({
      changeRequest: { number: opened.body.number, branch: 'cms/posts/hello' },
      cms: { action: 'Published', by: 'demo' },
    });
  });

  it('refuses a cursor it did not give, a limit out of range, and an unknown item', async () => {
    const forged = await historyOf('notes', 'first', '?cursor=bm90LWEtY3Vyc29y');
    expect(forged.status).toBe(400);
    expect(forged.body.error).toMatch(/^cursor: /);
    const outside = Buffer.from(
      JSON.stringify({ p: 'cms.config.json', h: revParse(service, repo, 'main'), a: null }),
    ).toString('base64url');
    expect((await historyOf('notes', 'first', `?cursor=${outside}`)).status).toBe(404);
    const limit = await historyOf('notes', 'first', '?limit=0');
    expect(limit.status).toBe(400);
    expect(limit.body.error).toMatch(/limit/);
    const missing = await historyOf('notes', 'never-was');
    expect(missing.status).toBe(404);
  });
});

describe('an earlier version', () => {
  it('is read with ?ref=<sha> in the shape of the item', async () => {
    const [, older] = (await historyOf('notes', 'first')).body.versions;

    const version = await api.get(`${base}/notes/first?ref=${older.sha}`);

    expect(version.status, JSON.stringify(version.body)).toBe(200);
    expect(version.body).toMatchObject({
      slug: 'first',
      path: 'content/notes/first.md',
      sha: older.blob,
      frontmatter: { title: 'First, by Alice' },
    });
  });

  it('refuses a ref that is neither a full sha nor a branch, naming ref', async () => {
    const sha = revParse(service, repo, 'main');
    for (const ref of [sha.slice(0, 7) + '~1', 'main..x', `${sha}:cms.config.json`]) {
      const refused = await api.get(`${base}/notes/first?ref=${encodeURIComponent(ref)}`);
      expect(refused.status, ref).toBe(400);
      expect(refused.body.error).toMatch(/^ref: /);
    }
    const both = await api.get(`${base}/notes/first?ref=main&branch=main`);
    expect(both.status).toBe(400);
  });

  it('is compared with another field by field, nested values included', async () => {
    await saveNote('first', 'First, compared', { seo: 'Searched' });
    const [newest, older] = (await historyOf('notes', 'first')).body.versions;

    const diff = await api.get(`${base}/notes/first/compare?from=${older.sha}&to=${newest.sha}`);

    expect(diff.status, JSON.stringify(diff.body)).toBe(200);
    expect(diff.body.type).toBe('modified');
    const fields = Object.fromEntries(
      diff.body.frontmatter.fields.map((field: { name: string }) => [field.name, field]),
    );
    expect(fields.title).toMatchObject({ changed: true, newValue: 'First, compared' });
    expect(fields.seo).toMatchObject({
      changed: true,
      changes: [{ path: 'title', oldValue: 'Search', newValue: 'Searched' }],
    });
    const bad = await api.get(`${base}/notes/first/compare?from=HEAD~1`);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^from: /);
  });
});

describe('a restore', () => {
  it('commits the version back, byte for byte, changing no other file', async () => {
    const versions = (await historyOf('notes', 'first')).body.versions;
    const start = versions[versions.length - 1];
    const current = (await api.get(`${base}/notes/first`)).body;
    const before = revParse(service, repo, 'main');

    const restored = await api.post(`${base}/notes/first/restore`, {
      version: start.sha,
      sha: current.sha,
    });

    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toEqual({ sha: start.blob, path: 'content/notes/first.md' });
    expect(gitShow(service.github, repo, 'main:content/notes/first.md')).toBe(note('First'));
    expect(gitLog(service.github, repo)[0]).toMatch(
      new RegExp(` Restore notes/first to ${start.sha.slice(0, 7)}$`),
    );
    const changed = await onGitHub(
      service.github,
      'demo',
      'GET',
      `/repos/${repo}/compare/${before}...main`,
    );
    expect(
      (changed as { files: { filename: string }[] }).files.map((file) => file.filename),
    ).toEqual(['content/notes/first.md']);
  });

  it('of the version already there makes no commit', async () => {
    const [newest] = (await historyOf('notes', 'first')).body.versions;
    const commits = gitLog(service.github, repo).length;

    const again = await api.post(`${base}/notes/first/restore`, {
      version: newest.sha,
      sha: newest.blob,
    });

    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ unchanged: true, sha: newest.blob });
    expect(gitLog(service.github, repo)).toHaveLength(commits);
  });

  it('is refused with a 409 when the item changed since its sha was read, and commits nothing', async () => {
    const versions = (await historyOf('notes', 'first')).body.versions;
    const commits = gitLog(service.github, repo).length;
    const stale = await api.post(`${base}/notes/first/restore`, {
      version: versions[1].sha,
      sha: versions[1].blob,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(/fetch the latest sha/);
    expect(gitLog(service.github, repo)).toHaveLength(commits);
  });

  it("goes to the item's draft branch in a pr collection", async () => {
    const versions = (await historyOf('posts', 'hello')).body.versions;
    const start = versions[versions.length - 1];
    const current = (await api.get(`${base}/posts/hello`)).body;
    const published = gitShow(service.github, repo, 'main:content/posts/hello.md');

    const restored = await api.post(`${base}/posts/hello/restore`, {
      version: start.sha,
      sha: current.sha,
    });

    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toMatchObject({ branch: 'cms/posts/hello', sha: start.blob });
    expect(gitShow(service.github, repo, 'cms/posts/hello:content/posts/hello.md')).toBe(
      '---\ntitle: Hello\n---\n\nHi.\n',
    );
    expect(gitShow(service.github, repo, 'main:content/posts/hello.md')).toBe(published);
    expect(published).toContain('Hello, reviewed');
  });

  it('becomes a draft on a default branch kept to pull requests', async () => {
    await onGitHub(service.github, 'demo', 'PUT', `/repos/${repo}/branches/main/protection`, {
      required_status_checks: null,
      enforce_admins: true,
      required_pull_request_reviews: { required_approving_review_count: 1 },
      restrictions: null,
    });
    try {
      const versions = (await historyOf('notes', 'first')).body.versions;
      const previous = versions[1];
      const current = (await api.get(`${base}/notes/first`)).body;
      const head = revParse(service, repo, 'main');

      const restored = await api.post(`${base}/notes/first/restore`, {
        version: previous.sha,
        sha: current.sha,
      });

      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      expect(restored.body).toMatchObject({ branch: 'cms/notes/first', protectedBranch: true });
      expect(revParse(service, repo, 'main')).toBe(head);
      expect(gitShow(service.github, repo, `cms/notes/first:content/notes/first.md`)).toBe(
        gitShow(service.github, repo, `${previous.sha}:content/notes/first.md`),
      );
    } finally {
      await onGitHub(service.github, 'demo', 'DELETE', `/repos/${repo}/branches/main/protection`);
    }
  });

  it('refuses a version that is not a git object id, naming it, and one without the item', async () => {
    const bad = await api.post(`${base}/notes/first/restore`, { version: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/version/);
    // The first commit, where `pushed` was still `other`.
    const versions = (await historyOf('notes', 'first')).body.versions;
    const missing = await api.post(`${base}/notes/pushed/restore`, {
      version: versions[versions.length - 1].sha,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatch(/another slug or did not exist then/);
  });
});

describe('an item of a collection of several layouts', () => {
  it('has the history, versions and restore of its own file, whichever layout it is', async () => {
    const item = (await api.get(`${base}/docs/deep`)).body;
    expect(item.path).toBe('content/docs/deep/index.md');
    const saved = await api.put(`${base}/docs/deep`, {
      frontmatter: { title: 'Deep, revised' },
      body: item.body,
      sha: item.sha,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const history = await historyOf('docs', 'deep');
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const [newest, start] = history.body.versions;
    expect(
      history.body.versions.map((version: { message: string }) => version.message.split('\n')[0]),
    ).toEqual(['Update docs/deep', 'Start the site']);
    expect(newest.path).toBe('content/docs/deep/index.md');

    const diff = await api.get(`${base}/docs/deep/compare?from=${start.sha}&to=${newest.sha}`);
    expect(diff.status, JSON.stringify(diff.body)).toBe(200);
    expect(diff.body.path).toBe('content/docs/deep/index.md');
    expect(diff.body.frontmatter.fields[0]).toMatchObject({
      oldValue: 'Deep',
      newValue: 'Deep, revised',
    });

    const restored = await api.post(`${base}/docs/deep/restore`, {
      version: start.sha,
      sha: saved.body.sha,
    });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body).toEqual({ sha: start.blob, path: 'content/docs/deep/index.md' });
    expect(gitShow(service.github, repo, 'main:content/docs/deep/index.md')).toBe(
      '---\ntitle: Deep\n---\n\nBody.\n',
    );
  });

  it('follows a rename of a page bundle in the CMS to the bundle file it came from', async () => {
    const item = (await api.get(`${base}/docs/deep`)).body;
    const renamed = await api.post(`${base}/docs/deep/rename`, { to: 'deeper', sha: item.sha });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);

    const first = await historyOf('docs', 'deeper');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.versions[0].path).toBe('content/docs/deeper/index.md');
    const before = await historyOf('docs', 'deeper', `?cursor=${first.body.next}`);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body.versions.map((version: { path: string }) => version.path)).toContain(
      'content/docs/deep/index.md',
    );
  });
});
