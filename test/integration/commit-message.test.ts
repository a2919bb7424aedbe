import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { gitLog } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService, type SignedIn } from '../support/signed-in';

/**
 * A commit message written on save (`message` beside the item): git keeps it as written, with the
 * CMS's line naming who saved; blank means the generated one; a message git or `git log` would
 * mangle is refused with a 400 naming the field, and nothing is committed.
 */
let fixture: SignedIn;
let service: TestService;
let api: ApiClient;
const posts = '/api/repos/demo%2Fblog/content/posts';
const slug = '2024-02-14-hello-world';

beforeAll(async () => {
  fixture = await signedInService();
  ({ service } = fixture);
  api = fixture.as('demo');
});
afterAll(async () => {
  await fixture?.close();
});

/** Saves the item with one more body line and `message`; answers the status and the body. */
async function save(message: unknown, line: string) {
  const item = (await api.get(`${posts}/${slug}`)).body;
  return api.put(`${posts}/${slug}`, {
    frontmatter: item.frontmatter,
    body: `${item.body}${line}\n`,
    sha: item.sha,
    ...(message === undefined ? {} : { message }),
  });
}
const lastMessage = () =>
  execFileSync(
    'git',
    ['--git-dir', service.github.gitDir('demo', 'blog'), 'log', '-1', '--format=%B', 'main'],
    { encoding: 'utf8' },
  );

describe('a commit message written on save', () => {
  it('is the commit message, with a description after a blank line and the line naming who saved', async () => {
    const saved = await save('Fix the typo in the intro\n\nReported by a reader.', 'One.');

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(lastMessage()).toBe(
      'Fix the typo in the intro\n\nReported by a reader.\n\nSaved in the CMS by @demo.\n',
    );
  });

  it('leaves the generated message when it is blank', async () => {
    const saved = await save('  \n ', 'Two.');

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(lastMessage()).toBe(
      'Update posts/2024-02-14-hello-world\n\nSaved in the CMS by @demo.\n',
    );
  });

  it('is refused with a 400 naming the field when it holds a control character, and nothing is committed', async () => {
    const before = gitLog(service.github, 'demo/blog').length;

    const refused = await save('Sneaky\u0000 message', 'Three.');

    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/body\.message: expected no control characters/);
    expect(gitLog(service.github, 'demo/blog')).toHaveLength(before);
  });

  it('is refused with a 400 when it is longer than 5,000 characters', async () => {
    const refused = await save('x'.repeat(5_001), 'Four.');

    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/body\.message: expected at most 5000 characters/);
  });
});
