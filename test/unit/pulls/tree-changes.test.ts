import { describe, expect, it } from 'vitest';
import type { BlobRead } from '../../../shared/ports/pull-host';
import { rebaseChanges, resolveUpdate } from '../../../shared/pulls/tree-changes';

const text = (oid: string, body: string, mode = '100644'): BlobRead => ({
  kind: 'text',
  oid,
  byteSize: Buffer.byteLength(body),
  text: body,
  mode,
});
const binary = (oid: string, mode = '100644'): BlobRead => ({
  kind: 'binary',
  oid,
  byteSize: 1,
  mode,
});
const absent: BlobRead = { kind: 'absent' };
const post = (title: string, body = 'Body.\n') =>
  `---\ntitle: ${title}\ndate: 2024-01-01\n---\n${body}`;

describe("resolveUpdate: files after git's line merge conflicted", () => {
  it('carries a binary file changed only on the draft by oid and mode, never as text and never dropped', () => {
    const resolved = resolveUpdate([
      { path: 'static/logo.png', sides: { base: absent, ours: binary('b1'), theirs: absent } },
      {
        path: 'bin/run.sh',
        sides: {
          base: text('s0', 'a\n', '100755'),
          ours: text('s1', 'b\n', '100755'),
          theirs: text('s0', 'a\n', '100755'),
        },
      },
    ]);
    expect(resolved).toEqual({
      changes: [
        { path: 'static/logo.png', oid: 'b1', mode: '100644' },
        { path: 'bin/run.sh', oid: 's1', mode: '100755' },
      ],
      conflicts: [],
    });
  });

  it('skips what both sides agree on, deletes what only the draft deleted, and merges markdown field by field', () => {
    const resolved = resolveUpdate([
      { path: 'same.png', sides: { base: binary('x'), ours: binary('y'), theirs: binary('y') } },
      {
        path: 'gone.md',
        sides: { base: text('g', post('G')), ours: absent, theirs: text('g', post('G')) },
      },
      {
        path: 'post.md',
        sides: {
          base: text('p0', post('Old')),
          ours: text('p1', post('Ours')),
          theirs: text('p2', post('Old', 'Theirs.\n')),
        },
      },
    ]);
    expect(resolved.conflicts).toEqual([]);
    expect(resolved.changes.slice(0, 1)).toEqual([{ path: 'gone.md', content: null }]);
    expect(resolved.changes[1]).toEqual({
      path: 'post.md',
      content: expect.stringMatching(/title: Ours[\s\S]*Theirs\./),
    });
  });

  it('keeps an executable markdown file executable when it merges it field by field, whichever side made it so', () => {
    const sides = (base: string, ours: string, theirs: string) => ({
      base: text('p0', post('Old'), base),
      ours: text('p1', post('Ours'), ours),
      theirs: text('p2', post('Old', 'Theirs.\n'), theirs),
    });
    const merge = (base: string, ours: string, theirs: string) =>
      resolveUpdate([{ path: 'post.md', sides: sides(base, ours, theirs) }]).changes[0];
    expect(merge('100755', '100755', '100755')).toMatchObject({ mode: '100755' });
    expect(merge('100644', '100755', '100644')).toMatchObject({ mode: '100755' });
    expect(merge('100644', '100644', '100755')).toMatchObject({ mode: '100755' });
    expect(merge('100755', '100644', '100755')).not.toHaveProperty('mode');
    expect(merge('100644', '100644', '100644')).not.toHaveProperty('mode');
  });

  it('names a binary file changed on both sides, or a binary draft against a text change, as a conflict', () => {
    expect(
      resolveUpdate([
        { path: 'logo.png', sides: { base: binary('a'), ours: binary('b'), theirs: binary('c') } },
      ]),
    ).toEqual({ changes: [], conflicts: ['logo.png'] });
    expect(
      resolveUpdate([
        {
          path: 'post.md',
          sides: { base: text('a', post('A')), ours: binary('b'), theirs: text('c', post('C')) },
        },
      ]).conflicts,
    ).toEqual(['post.md']);
  });
});

describe('rebaseChanges', () => {
  it('re-commits each file the draft changed by oid and mode, a removal as a removal, and a rename without its old path', () => {
    const changes = rebaseChanges(
      [
        { path: 'content/posts/a.md', status: 'modified' },
        { path: 'content/posts/b.md', status: 'removed' },
        { path: 'content/posts/c.md', status: 'renamed', previousPath: 'content/posts/old.md' },
      ],
      [binary('a1'), absent, text('c1', 'c', '100755')],
    );
    expect(changes).toEqual([
      { path: 'content/posts/a.md', oid: 'a1', mode: '100644' },
      { path: 'content/posts/b.md', content: null },
      { path: 'content/posts/old.md', content: null },
      { path: 'content/posts/c.md', oid: 'c1', mode: '100755' },
    ]);
  });
});
