import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, pushFiles } from '../support/drafts';
import { gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

/**
 * Frontmatter keys that are special to JavaScript objects (`__proto__`, `constructor`,
 * `prototype`) are data like any other key: sent in JSON they are saved, read back and saved
 * again unchanged, at the top level and inside objects and lists. (JSON.parse makes `__proto__`
 * an own key; an assignment would set the object's prototype instead and drop the value.)
 */
let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService());
});
afterAll(async () => {
  await service?.stop();
});

/** JSON text parsed, so `__proto__` is an own key as a client's JSON carries it (an object literal would set the prototype). */
const fromJson = (text: string) => JSON.parse(text) as Record<string, unknown>;
const ownKeys = (value: unknown) => Object.keys(value as object);

describe('frontmatter keys named __proto__, constructor and prototype', () => {
  it('are saved from JSON to the file, at the top level and inside objects and lists', async () => {
    const frontmatter = fromJson(
      '{"title":"Keys","date":"2024-06-01","__proto__":{"polluted":true},"constructor":"c","prototype":["p"],' +
        '"seo":{"title":"S","__proto__":"inside an object"},"links":[{"label":"L","url":"/u","__proto__":"inside a list"}]}',
    );

    const saved = await api.put(
      `${blog}/content/posts/reserved-keys`,
      { frontmatter, body: 'Body.\n', mode: 'direct' },
      { session: demo },
    );

    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const file = gitShow(service.github, 'demo/blog', 'main:content/posts/reserved-keys.md');
    expect(file).toMatch(/^__proto__:\n {2}polluted: true$/m);
    expect(file).toMatch(/^constructor: c$/m);
    expect(file).toMatch(/^prototype:\n {2}- p$/m);
    expect(file).toMatch(/^ {2}__proto__: inside an object$/m);
    expect(file).toMatch(/^ {4}__proto__: inside a list$/m);
  });

  it('are read back as own keys, wherever they were', async () => {
    const read = await api.get(`${blog}/content/posts/reserved-keys`, { session: demo });
    expect(read.status).toBe(200);
    expect(ownKeys(read.body.frontmatter)).toEqual(
      expect.arrayContaining(['__proto__', 'constructor', 'prototype']),
    );
    expect(read.body.frontmatter.__proto__).toEqual({ polluted: true });
    expect(ownKeys(read.body.frontmatter.seo)).toContain('__proto__');
    expect(ownKeys(read.body.frontmatter.links[0])).toContain('__proto__');
  });

  it("pollute no object's prototype", () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    [
      'YAML',
      'outside-yaml',
      '---\ntitle: Outside\ndate: 2024-06-02\n__proto__:\n  a: 1\nconstructor: x\nseo:\n  __proto__: n\nlinks:\n  - label: L\n    url: /u\n    __proto__: m\n---\n\nWritten by hand.\n',
    ],
    [
      'TOML',
      'outside-toml',
      '+++\ntitle = "Outside"\ndate = 2024-06-02\n__proto__ = { a = 1 }\nconstructor = "x"\n\n[seo]\n__proto__ = "n"\n+++\n\nWritten by hand.\n',
    ],
    [
      'JSON',
      'outside-json',
      '{\n  "title": "Outside",\n  "date": "2024-06-02",\n  "__proto__": { "a": 1 },\n  "constructor": "x",\n  "seo": { "__proto__": "n" }\n}\n\nWritten by hand.\n',
    ],
  ])(
    'in a %s file written outside the CMS: read, saved back byte for byte, and kept by a change to another field',
    async (_format, slug, text) => {
      const path = `content/posts/${slug}.md`;
      await pushFiles(service, 'demo/blog', 'main', { [path]: text });
      const read = await api.get(`${blog}/content/posts/${slug}`, { session: demo });
      expect(read.status).toBe(200);
      expect(read.body.frontmatter.__proto__).toEqual({ a: 1 });
      expect(read.body.frontmatter.constructor).toBe('x');
      expect(ownKeys(read.body.frontmatter.seo)).toContain('__proto__');

      const same = await api.put(
        `${blog}/content/posts/${slug}`,
        {
          frontmatter: read.body.frontmatter,
          body: read.body.body,
          sha: read.body.sha,
          mode: 'direct',
        },
        { session: demo },
      );

      expect(same.status, JSON.stringify(same.body)).toBe(200);
      expect(gitShow(service.github, 'demo/blog', `main:${path}`)).toBe(text);
      const changed = await api.put(
        `${blog}/content/posts/${slug}`,
        {
          frontmatter: { ...read.body.frontmatter, title: 'Changed' },
          body: read.body.body,
          sha: same.body.sha,
          mode: 'direct',
        },
        { session: demo },
      );
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(gitShow(service.github, 'demo/blog', `main:${path}`)).toBe(
        text.replace('Outside', 'Changed'),
      );
    },
  );

  it('survive a draft: saved on its branch, shown in its diff, and published with it', async () => {
    const frontmatter = fromJson(
      '{"title":"Draft keys","date":"2024-06-03","__proto__":"top","seo":{"__proto__":"deep"}}',
    );
    const saved = await api.put(
      `${blog}/content/posts/draft-keys`,
      { frontmatter, body: 'Draft.\n', mode: 'branch' },
      { session: demo },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const pull = await api.post(
      `${blog}/pulls`,
      { branch: saved.body.branch, title: 'Draft keys' },
      { session: demo },
    );
    expect(pull.status, JSON.stringify(pull.body)).toBe(200);

    const diff = await api.get(`${blog}/pulls/${pull.body.number}/diff`, { session: demo });
    const merged = await api.put(`${blog}/pulls/${pull.body.number}/merge`, {}, { session: demo });

    expect(diff.status).toBe(200);
    const fields = diff.body[0].frontmatter.fields as { name: string; newValue: unknown }[];
    expect(fields.find((field) => field.name === '__proto__')?.newValue).toBe('top');
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const file = gitShow(service.github, 'demo/blog', 'main:content/posts/draft-keys.md');
    expect(file).toMatch(/^__proto__: top$/m);
    expect(file).toMatch(/^ {2}__proto__: deep$/m);
  });
});
