import { describe, expect, it } from 'vitest';
import { createPullChecks } from '../../../shared/checks/pull-check';
import { silentLogger } from '../../../shared/logger';
import type { CheckRunWrite, ExistingRun, RepoChecks } from '../../../shared/ports/check-host';

/**
 * The conclusions a pull request's check reaches when there is no item to fail: what the
 * pull request changes decides, and a config it does not change never fails it.
 */
const config = JSON.stringify({
  name: 'Site',
  collections: {
    posts: {
      label: 'Posts',
      directory: 'content/posts',
      fields: [{ name: 'title', type: 'string', label: 'Title', required: true }],
    },
  },
});
const headSha = 'a'.repeat(40);

/** A head of `files` (path → text) whose pull request changes `changed`; the run written is kept. */
function checkOf(files: Record<string, string>, changed: string[], existing?: ExistingRun) {
  const written: { run: CheckRunWrite; existing?: ExistingRun }[] = [];
  const checks: RepoChecks = {
    changedFiles: async () => changed,
    commitFiles: async () => ({
      files: new Map(Object.keys(files).map((path) => [path, `oid:${path}`])),
      truncated: false,
    }),
    texts: async (oids) => new Map(oids.map((oid) => [oid, files[oid.slice('oid:'.length)] ?? ''])),
    findRun: async () => existing ?? null,
    writeRun: async (run, on) => {
      written.push({ run, ...(on ? { existing: on } : {}) });
      return on?.id ?? 1;
    },
  };
  const pullChecks = createPullChecks({
    checkHost: { open: async () => checks },
    connections: { get: async () => ({}) as never },
    logger: silentLogger,
  });
  return {
    run: () => pullChecks.run({ kind: 'pull-check', repo: 'demo/site', pull: 3, headSha }),
    written,
  };
}

describe("a pull request's content check", () => {
  it('is neutral when no file a collection serves changed', async () => {
    const check = checkOf({ 'cms.config.json': config, 'README.md': '# Site\n' }, ['README.md']);
    expect(await check.run()).toBe('checked');
    expect(check.written[0]!.run).toMatchObject({
      name: 'CMS content',
      headSha,
      conclusion: 'neutral',
      annotations: [],
    });
  });

  it('fails when it makes cms.config.json invalid, and is neutral when the invalid config is not its change', async () => {
    const files = { 'cms.config.json': '{"collections": 1}', 'content/posts/a.md': '---\n---\n' };
    const own = checkOf(files, ['cms.config.json']);
    await own.run();
    expect(own.written[0]!.run).toMatchObject({
      conclusion: 'failure',
      title: 'cms.config.json is not valid',
      annotations: [{ path: 'cms.config.json', startLine: 1, level: 'failure' }],
    });
    const inherited = checkOf(files, ['content/posts/a.md']);
    await inherited.run();
    expect(inherited.written[0]!.run).toMatchObject({
      conclusion: 'neutral',
      annotations: [{ path: 'cms.config.json', level: 'warning' }],
    });
  });

  it('completes the run already on the head instead of creating another', async () => {
    const check = checkOf(
      { 'cms.config.json': config, 'content/posts/a.md': '---\ntitle: A\n---\n' },
      ['content/posts/a.md'],
      { id: 41, annotations: 0 },
    );
    await check.run();
    expect(check.written).toEqual([
      {
        run: expect.objectContaining({ conclusion: 'success' }),
        existing: { id: 41, annotations: 0 },
      },
    ]);
  });
});
