import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitProcessCount, runGit } from '../src/git-command';
import { api, startTestHost, type TestHost } from './helpers';

/** Saves through the REST API start git only for the commit and the ref move. */

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('git processes per write', () => {
  let host: TestHost;
  let token: string;
  let seeded: number;

  beforeAll(async () => {
    const before = gitProcessCount();
    host = await startTestHost();
    seeded = gitProcessCount() - before;
    token = host.gh.issueUserToken('demo').access_token;
  });
  afterAll(() => host.dispose());

  it('seeds the demo repositories with two git processes per commit, plus an init per repository and a reader per one with history', async () => {
    let expected = 0;
    for (const name of (await readdir(`${host.dataDir}/github/repos/demo`)).map((dir) =>
      dir.replace(/\.git$/, ''),
    )) {
      const commits = Number(
        await runGit(host.gh.gitDir('demo', name), ['rev-list', '--count', '--all']),
      );
      // init; commit-tree and update-ref per commit; the object reader once a commit has a parent to read.
      expected += 1 + 2 * commits + (commits > 1 ? 1 : 0);
    }
    // Was 62 for the four demo repositories and their ten commits (5 or 6 processes a commit); now 26.
    expect(seeded).toBe(expected);
  });

  // Before writing objects in-process: 6 for a PUT (read-tree, hash-object, update-index, write-tree, commit-tree, update-ref), 5 for a DELETE.
  it('creates, updates and deletes a file with two git processes each (commit-tree, update-ref)', async () => {
    const path = '/repos/demo/blog/contents/content/posts/counted.md';
    // The first request starts the repository's long-lived object reader; the counts below are warm.
    await api(host.gh, '/repos/demo/blog/contents/README.md', { token });
    const counted = async (body: Record<string, unknown>, method: string) => {
      const before = gitProcessCount();
      const res = await api(host.gh, path, { token, method, body });
      return { res, processes: gitProcessCount() - before };
    };
    const created = await counted({ message: 'Add', content: b64('one\n') }, 'PUT');
    expect(created.res.status).toBe(201);
    expect(created.processes).toBe(2);
    const updated = await counted(
      { message: 'Edit', content: b64('two\n'), sha: created.res.body.content.sha },
      'PUT',
    );
    expect(updated.res.status).toBe(200);
    expect(updated.processes).toBe(2);
    const deleted = await counted(
      { message: 'Remove', sha: updated.res.body.content.sha },
      'DELETE',
    );
    expect(deleted.res.status).toBe(200);
    expect(deleted.processes).toBe(2);
  });
});
