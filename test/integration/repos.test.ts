import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import type { TestService } from '../support/local-service';
import { signedInService } from '../support/signed-in';

let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, session: demo } = await signedInService({ repos: [] }));
});
afterAll(async () => {
  await service?.stop();
});

const connect = (fullName: unknown, session = demo) =>
  api.post('/api/repos', { fullName }, { session });

describe('connecting repositories', () => {
  it.each(['demo', 'demo/blog/x', '../etc', 'demo/..', '', 42])(
    'answers 400 for the name %j',
    async (name) => {
      const response = await connect(name);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/fullName/);
    },
  );

  // The spec says 403 here. A 403 would tell anyone that the private repository exists, so every
  // repository the caller cannot see, the app's absence included, answers the same 404 (docs/security.md, "Who sees which repositories").
  it('answers 404 when the app is not installed on the repository, naming that among the causes', async () => {
    const response = await connect('demo/not-installed');
    expect(response.status).toBe(404);
    expect(response.body.error).toMatch(/not installed/);
  });

  it('answers 400 when cms.config.json is missing', async () => {
    const response = await connect('demo/no-config');
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/cms\.config\.json is missing/);
  });

  it('answers 400 naming the first invalid path of a config invalid as a whole', async () => {
    await service.github.createRepository({ owner: 'demo', name: 'broken', installApp: true });
    await service.github.commitFiles('demo', 'broken', {
      branch: 'main',
      message: 'Add a broken config',
      author: { name: 'Demo', email: 'demo@example.com' },
      changes: [
        {
          path: 'cms.config.json',
          // A problem of one collection would leave it out and connect (configuration.md); the
          // site's top-level media is the file's own.
          content: JSON.stringify({
            name: 'x',
            media: { directory: 'static/images', publicPath: 'images' },
            collections: {
              posts: {
                label: 'Posts',
                directory: 'content/posts',
                fields: [{ name: 'title', type: 'string', label: 'T' }],
              },
            },
          }),
        },
      ],
    });
    const response = await connect('demo/broken');
    expect(response.status).toBe(400);
    expect(response.body.error).toBe(
      'cms.config.json: media.publicPath: expected a path on the site starting with "/" (e.g. /images)',
    );
  });

  it('connects once; a second connect answers 409; two racing connects give one 201 and one 409', async () => {
    expect((await connect('demo/docs')).status).toBe(201);
    expect((await connect('demo/docs')).status).toBe(409);
    expect((await api.delete('/api/repos/demo%2Fdocs', { session: demo })).status).toBe(200);
    const [a, b] = await Promise.all([connect('demo/docs'), connect('demo/docs')]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
  });

  it("treats names case-insensitively, as GitHub does, and stores GitHub's spelling", async () => {
    expect((await connect('Demo/Blog')).status).toBe(201);
    expect((await connect('demo/blog')).status).toBe(409);
    const list = await api.get('/api/repos', { session: demo });
    expect(list.body).toContainEqual({ fullName: 'demo/blog', addedAt: expect.any(String) });
  });

  it('refuses a user without write access on GitHub (403) and one who cannot see the repository (404)', async () => {
    const bob = await api.signIn('bob');
    expect((await connect('demo/docs', bob)).status).toBe(404);
    await service.github.createRepository({
      owner: 'demo',
      name: 'readonly',
      installApp: true,
      collaborators: { alice: 'read' },
    });
    const alice = await api.signIn('alice');
    expect((await connect('demo/readonly', alice)).status).toBe(403);
  });
});

describe('listing, reading the config and disconnecting', () => {
  it('lists connections; an API token sees only those in its scope', async () => {
    const { token } = await api.createToken(demo, {
      repos: ['demo/blog'],
      permissions: ['repos:read'],
    });
    const asToken = await api.get('/api/repos', { token });
    expect(asToken.status).toBe(200);
    expect(asToken.body.map((repo: { fullName: string }) => repo.fullName)).toEqual(['demo/blog']);
    const asSession = await api.get('/api/repos', { session: demo });
    expect(asSession.body.map((repo: { fullName: string }) => repo.fullName).sort()).toEqual([
      'demo/blog',
      'demo/docs',
    ]);
  });

  it('answers the parsed config, by the encoded and the decoded path', async () => {
    for (const path of ['/api/repos/demo%2Fblog/config', '/api/repos/demo/blog/config']) {
      const response = await api.get(path, { session: demo });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        name: 'Demo blog',
        collections: {
          posts: { directory: 'content/posts' },
          pages: { workflow: { default: 'direct', locked: true } },
        },
      });
    }
  });

  it('answers 404 for the config of a repository that is not connected', async () => {
    expect((await api.get('/api/repos/demo%2Fno-config/config', { session: demo })).status).toBe(
      404,
    );
  });

  it('disconnects, then answers 404', async () => {
    const response = await api.delete('/api/repos/demo%2Fdocs', { session: demo });
    expect(response.body).toEqual({ ok: true });
    expect((await api.delete('/api/repos/demo%2Fdocs', { session: demo })).status).toBe(404);
    expect((await api.get('/api/repos/demo%2Fdocs/config', { session: demo })).status).toBe(404);
  });
});
