import { describe, expect, it } from 'vitest';
import { buildReadQuery } from '../../shared/adapters/github/github-blob-reads';
import { buildBlobsQuery } from '../../shared/adapters/github/github-content';
import { buildSnapshotQuery } from '../../shared/adapters/github/github-snapshot';
import { buildFoldersQuery, directoryQuery } from '../../shared/adapters/github/github-directory';
import { draftMutations, refMutations } from '../../shared/adapters/github/github-pulls-write';
import { expectValidGitHubQuery } from '../../packages/github-local/test/support/github-graphql-schema';

/**
 * The GraphQL documents the adapter sends, validated against GitHub's published schema: what
 * the local host accepts must also be what github.com accepts.
 */
describe("adapter GraphQL documents against GitHub's schema", () => {
  it('accepts the snapshot query with blobs, trees and branches', () => {
    const built = buildSnapshotQuery(
      { owner: 'demo', name: 'blog' },
      {
        blobs: {
          config: { path: 'cms.config.json' },
          file: { path: 'content/posts/a.md', ref: 'cms/posts/a' },
        },
        trees: { items: { path: 'content/posts' } },
        branches: { draft: 'cms/posts/a' },
      },
    );
    expectValidGitHubQuery(built.query);
    // Blobs are read through the commit's tree entry (for its mode): a revision, then a path.
    expect(built.variables).toMatchObject({
      a0: 'HEAD',
      a1: 'cms.config.json',
      a2: 'cms/posts/a',
      a3: 'content/posts/a.md',
      a4: 'HEAD:content/posts',
      a5: 'refs/heads/cms/posts/a',
    });
    expect(built.query).toContain('file(path: $a1) { mode');
  });

  it('accepts the snapshot query that lists page bundles two levels deep', () => {
    const built = buildSnapshotQuery(
      { owner: 'demo', name: 'hugo' },
      { trees: { items: { path: 'content/posts', depth: 2 } } },
    );
    expectValidGitHubQuery(built.query);
    expect(built.query).toContain(
      'entries { name type oid mode object { ... on Tree { entries { name type oid mode } } } }',
    );
  });

  it("accepts the snapshot query asking a directory's tree oid only", () => {
    const built = buildSnapshotQuery(
      { owner: 'demo', name: 'blog' },
      { oids: { items: { path: 'content/posts' } } },
    );
    expectValidGitHubQuery(built.query);
    expect(built.query).toContain('a0: object(expression: $a0) { oid }');
    expect(built.variables.a0).toBe('HEAD:content/posts');
  });

  it('accepts the directory lookup and the batched folder reads of a cut tree', () => {
    expectValidGitHubQuery(directoryQuery);
    const built = buildFoldersQuery({ owner: 'demo', name: 'docs' }, [
      'a'.repeat(40),
      'b'.repeat(40),
    ]);
    expectValidGitHubQuery(built.query);
    expect(built.variables).toEqual({
      owner: 'demo',
      name: 'docs',
      t0: 'a'.repeat(40),
      t1: 'b'.repeat(40),
    });
  });

  it('puts expressions in variables, never in the document', () => {
    const built = buildSnapshotQuery(
      { owner: 'demo', name: 'blog' },
      { blobs: { evil: { path: '") { x } #' } } },
    );
    expect(built.query).not.toContain('") { x } #');
    expectValidGitHubQuery(built.query);
  });

  it('accepts the batched blob query', () => {
    const built = buildBlobsQuery({ owner: 'demo', name: 'blog' }, [
      'a'.repeat(40),
      'b'.repeat(40),
    ]);
    expectValidGitHubQuery(built.query);
    expect(built.variables.o1).toBe('b'.repeat(40));
  });

  it("accepts the pull request file reads, each through its commit's tree entry for the mode (no directory listing)", () => {
    const paths = {
      a: { path: 'content/posts/a.md', ref: 'abc' },
      b: { path: 'content/posts/b.md', ref: 'abc' },
      c: { path: 'README.md' },
    };
    const built = buildReadQuery({ owner: 'demo', name: 'blog' }, paths, true);
    expectValidGitHubQuery(built.query);
    expect(built.variables).toEqual({
      owner: 'demo',
      name: 'blog',
      b0: 'abc',
      p0: 'content/posts/a.md',
      b1: 'abc',
      p1: 'content/posts/b.md',
      b2: 'HEAD',
      p2: 'README.md',
    });
    expect(built.query).toContain('file(path: $p0) { mode');
    expect(built.query).not.toContain('entries');
    const plain = buildReadQuery({ owner: 'demo', name: 'blog' }, paths, false);
    expectValidGitHubQuery(plain.query);
    expect(plain.variables).toMatchObject({ b0: 'abc:content/posts/a.md', b2: 'HEAD:README.md' });
  });

  it('accepts the mutations that mark a pull request ready for review and convert it to a draft', () => {
    expectValidGitHubQuery(draftMutations.ready);
    expectValidGitHubQuery(draftMutations.toDraft);
  });

  it('accepts the ref update that deletes a draft branch only at the head it was published at', () => {
    expectValidGitHubQuery(refMutations.updateRefs);
  });

  it('rejects a document that GitHub would reject (the check can fail)', () => {
    expect(() =>
      expectValidGitHubQuery('query { repository(owner: "a", name: "b") { noSuchField } }'),
    ).toThrow();
  });
});
