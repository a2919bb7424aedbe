import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGitHubPullHost } from '../../shared/adapters/github/github-pull-host';
import type { ApiClient } from '../support/api-client';
import {
  blog,
  modeOf,
  openPull,
  publishDirect,
  pushFiles,
  revParse,
  saveDraft,
} from '../support/drafts';
import { gitLog, gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * Binary-safe drafts: files are read as absent, binary or text, and rebase re-commits blobs by oid
 * and mode, so a binary file is never turned into a deletion. Under the draft rules the only file a
 * draft may change is its item, so the end-to-end case is an item whose file is binary; the
 * provider adapter is checked on its own with an image and an executable.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
/** The first bytes of a PNG: a NUL among them makes it binary by git's rule. */
const png = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
  0x00, 0x01, 0x02, 0x03,
]);

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});

describe('a draft whose item file is binary', () => {
  const post = '2024-05-06-roadmap';
  const path = `content/posts/${post}.md`;
  const branch = `cms/posts/${post}`;

  it('is diffed as a binary file, and survives a failed update and a force rebase with the same blob', async () => {
    await pushFiles(service, 'demo/blog', branch, { [path]: png });
    const blob = revParse(service, 'demo/blog', `${branch}:${path}`);
    const { number } = await openPull(api, demo, post);
    expect(
      (await api.get(`${blog}/pulls/${number}`, { session: demo })).body.mergeBlockers,
    ).toEqual([]);
    const diff = (await api.get(`${blog}/pulls/${number}/diff`, { session: demo })).body;
    expect(diff).toEqual([
      expect.objectContaining({
        collection: 'posts',
        slug: post,
        type: 'modified',
        path,
        file: { status: 'modified', binary: true },
        body: { oldBody: expect.stringContaining('title:'), newBody: '' },
      }),
    ]);

    await publishDirect(api, demo, post, { title: 'Roadmap, published meanwhile' });
    const update = await api.put(`${blog}/pulls/${number}/update`, {}, { session: demo });
    expect(update.status).toBe(409);
    expect(update.body).toEqual({ ok: false, reason: 'conflicts', fields: [path] });
    expect(revParse(service, 'demo/blog', `${branch}:${path}`)).toBe(blob);

    expect((await api.post(`${blog}/pulls/${number}/rebase`, {}, { session: demo })).body).toEqual({
      ok: true,
    });
    expect(revParse(service, 'demo/blog', `${branch}:${path}`)).toBe(blob);
    expect(modeOf(service, 'demo/blog', branch, path)).toBe('100644');
    expect(gitLog(service.github, 'demo/blog', branch)[1]).toBe(
      gitLog(service.github, 'demo/blog')[0],
    );
  });
});

describe('an executable item file', () => {
  const post = '2024-03-02-writing-in-markdown';
  const path = `content/posts/${post}.md`;
  const branch = `cms/posts/${post}`;

  it('keeps its mode through a draft save, a direct save and a field-by-field update', async () => {
    const text = gitShow(service.github, 'demo/blog', `main:${path}`);
    const author = { name: 'Demo', email: 'demo@example.com' };
    await service.github.commitFiles('demo', 'blog', {
      branch: 'main',
      message: 'Executable',
      author,
      changes: [{ path, content: text, executable: true }],
    });
    await saveDraft(api, demo, post, { title: 'Writing in Markdown, the draft' });
    expect(modeOf(service, 'demo/blog', branch, path)).toBe('100755');
    const { number } = await openPull(api, demo, post);
    // The next line changed on the default branch: git's line merge conflicts, the field merge does not.
    await publishDirect(api, demo, post, { date: '2024-03-03' });
    expect(modeOf(service, 'demo/blog', 'main', path)).toBe('100755');

    const update = await api.put(`${blog}/pulls/${number}/update`, {}, { session: demo });
    expect([update.status, update.body]).toEqual([200, { ok: true }]);
    expect(gitShow(service.github, 'demo/blog', `${branch}:${path}`)).toMatch(
      /title: 'Writing in Markdown, the draft'\ndate: 2024-03-03\n/,
    );
    expect(modeOf(service, 'demo/blog', branch, path)).toBe('100755');
  });
});

describe('the provider adapter', () => {
  const repo = { owner: 'demo', name: 'blog' };
  const host = () => createGitHubPullHost({ apiUrl: `${service.github.url}/api/v3` });
  const token = () => service.github.issueUserToken('demo').access_token;

  it('reads files as absent, binary or text, with their modes when asked', async () => {
    const head = await pushFiles(service, 'demo/blog', 'assets', {
      'static/logo.png': png,
      'README.md': '# Blog\n',
    });
    await service.github.commitFiles('demo', 'blog', {
      branch: 'assets',
      message: 'Script',
      author: { name: 'Demo', email: 'demo@example.com' },
      changes: [{ path: 'bin/build.sh', content: 'echo build\n', executable: true }],
    });
    const at = (path: string) => ({ path, ref: 'assets' });
    const reads = await host().readTexts(
      token(),
      repo,
      {
        logo: at('static/logo.png'),
        script: at('bin/build.sh'),
        readme: at('README.md'),
        gone: at('static/none.png'),
      },
      { modes: true },
    );
    expect(reads).toEqual({
      logo: {
        kind: 'binary',
        oid: revParse(service, 'demo/blog', 'assets:static/logo.png'),
        byteSize: png.length,
        mode: '100644',
      },
      script: {
        kind: 'text',
        oid: revParse(service, 'demo/blog', 'assets:bin/build.sh'),
        byteSize: 11,
        text: 'echo build\n',
        mode: '100755',
      },
      readme: {
        kind: 'text',
        oid: expect.any(String),
        byteSize: 7,
        text: '# Blog\n',
        mode: '100644',
      },
      gone: { kind: 'absent' },
    });
    const plain = await host().readTexts(token(), repo, {
      logo: { path: 'static/logo.png', ref: head },
    });
    expect(plain).toEqual({
      logo: {
        kind: 'binary',
        oid: revParse(service, 'demo/blog', 'assets:static/logo.png'),
        byteSize: png.length,
      },
    });
  });

  it('commits existing blobs by oid and mode next to texts and deletions', async () => {
    const logo = revParse(service, 'demo/blog', 'assets:static/logo.png');
    const script = revParse(service, 'demo/blog', 'assets:bin/build.sh');
    const main = revParse(service, 'demo/blog', 'main');
    await pushFiles(service, 'demo/blog', 'copies', {});
    await host().commitTree(token(), repo, {
      branch: 'copies',
      parents: [main],
      changes: [
        { path: 'static/copy.png', oid: logo, mode: '100644' },
        { path: 'bin/copy.sh', oid: script, mode: '100755' },
        { path: 'notes.txt', content: 'text\n' },
        { path: 'README.md', content: null },
      ],
      message: 'Copies',
      force: true,
    });
    expect(revParse(service, 'demo/blog', 'copies:static/copy.png')).toBe(logo);
    expect(revParse(service, 'demo/blog', 'copies:bin/copy.sh')).toBe(script);
    expect(modeOf(service, 'demo/blog', 'copies', 'bin/copy.sh')).toBe('100755');
    expect(modeOf(service, 'demo/blog', 'copies', 'README.md')).toBe('');
  });
});
