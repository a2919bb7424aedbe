import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import MarkdownIt from 'markdown-it';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitShow } from '../support/git-read';
import { startTestService, type TestService } from '../support/local-service';

/**
 * The shell scripts the docs give for local mode, run as written with bash and curl against a
 * local service over real HTTP (only `base` is pointed at the test's port): signing in from a
 * script (getting-started.md), creating an API token and the content-and-drafts walk
 * (api-guide.md). The answers their comments promise are the ones asserted.
 */
let service: TestService;

beforeAll(async () => {
  service = await startTestService();
});
afterAll(async () => {
  await service?.stop();
});

const markdown = new MarkdownIt();

/** The one `sh` block of docs/<page> that contains `needle`. */
function block(page: string, needle: string): string {
  const text = readFileSync(new URL(`../../docs/${page}`, import.meta.url), 'utf8');
  const found = markdown
    .parse(text, {})
    .filter(
      (token) =>
        token.type === 'fence' && token.info.trim() === 'sh' && token.content.includes(needle),
    );
  if (found.length !== 1)
    throw new Error(`docs/${page} has ${found.length} sh blocks containing ${needle}, not one`);
  return found[0]!.content;
}

/**
 * Runs the blocks in one bash (asynchronously: the service answers from this very process) and
 * answers what each printed; a failing command fails the run.
 */
async function run(blocks: string[]): Promise<string[]> {
  const script = blocks
    .map((text, index) => `echo; echo '--- ${index}'\n${text}`)
    .join('\n')
    .replace('base=http://127.0.0.1:8787', `base=${service.url}`);
  const { stdout, stderr } = await promisify(execFile)('bash', ['-e', '-c', script], {
    encoding: 'utf8',
  });
  expect(stderr).toBe('');
  return stdout.split(/\n--- \d+\n/).slice(1);
}

/** The JSON answers curl printed one after another (curl adds no newline after a body). */
function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let start = 0;
  for (let end = 1; end <= text.length; end++) {
    if (text[end - 1] !== '}' && text[end - 1] !== ']') continue;
    try {
      values.push(JSON.parse(text.slice(start, end)));
      start = end;
    } catch {
      // not a whole value yet: read on
    }
  }
  expect(text.slice(start)).toBe('');
  return values;
}

describe('the shell scripts of the docs, against local mode', () => {
  it('signs in as demo, creates an API token, and walks a post through a draft to its merge', async () => {
    const signIn = block('getting-started.md', '$base/auth/login');
    const token = block('api-guide.md', '"$base/api/tokens"');
    const drafts = block('api-guide.md', 's=(-b "$jar"');

    const [me, created, walk] = await run([signIn, token, drafts]);

    expect(JSON.parse(me!)).toEqual({ authenticated: true, username: 'demo' });
    expect(JSON.parse(created!)).toMatchObject({
      name: 'CI',
      repos: ['demo/blog'],
      permissions: ['content:read', 'content:write'],
      token: expect.stringMatching(/^cms_/),
    });
    const answers = jsonValues(walk!.trim());
    expect(answers).toHaveLength(4);
    expect(answers[0]).toEqual({ ok: true });
    expect(answers[1]).toMatchObject({
      branch: 'cms/posts/2024-02-14-hello-world',
      path: 'content/posts/2024-02-14-hello-world.md',
    });
    expect(answers[2]).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'modified',
          frontmatter: expect.objectContaining({
            fields: expect.arrayContaining([
              expect.objectContaining({ name: 'title', changed: true }),
            ]),
          }),
        }),
      ]),
    );
    expect(answers[3]).toMatchObject({ merged: true });
    expect(
      gitShow(service.github, 'demo/blog', 'main:content/posts/2024-02-14-hello-world.md'),
    ).toMatch(/^title: "?Hello from a draft"?$/m);
  });
});
