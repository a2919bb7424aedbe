import { describe, expect, it } from 'vitest';
import { SEED_INSTALLATION_ID } from '../src/seed';
import { expectGitHubResponse } from './support/github-openapi';
import { api, signAppJwt, useSignedInHost } from './helpers';

const REPOS_PATH = '/user/installations/{installation_id}/repositories';

describe('installations', () => {
  const host = useSignedInHost();
  const { tokens } = host;

  const jwt = (claims: Record<string, unknown> = {}) =>
    signAppJwt(host.gh.app.privateKeyPem, host.gh.app.appId, claims, host.clock.now());

  describe('for users (user-to-server tokens)', () => {
    it('lists the app installation to users who can reach one of its repositories', async () => {
      for (const login of ['demo', 'alice']) {
        const res = await api(host.gh, '/user/installations', { token: tokens[login] });
        expect(res.status).toBe(200);
        expectGitHubResponse('GET', '/user/installations', 200, res.body);
        expect(res.body.total_count).toBe(1);
        expect(res.body.installations[0]).toMatchObject({
          id: SEED_INSTALLATION_ID,
          app_id: host.gh.app.appId,
          app_slug: 'cms-local',
          target_type: 'User',
        });
        expect(res.body.installations[0].account.login).toBe('demo');
      }
      const bob = await api(host.gh, '/user/installations', { token: tokens.bob });
      expect(bob.body).toEqual({ total_count: 0, installations: [] });
    });

    it('lists only the installation repositories the user can access', async () => {
      const demo = await api(host.gh, `/user/installations/${SEED_INSTALLATION_ID}/repositories`, {
        token: tokens.demo,
      });
      expect(demo.status).toBe(200);
      expectGitHubResponse('GET', REPOS_PATH, 200, demo.body);
      expect(demo.body.repositories.map((repo: { full_name: string }) => repo.full_name)).toEqual([
        'demo/blog',
        'demo/docs',
        'demo/no-config',
      ]);
      expect(demo.headers.get('link')).toBeNull();

      const alice = await api(host.gh, `/user/installations/${SEED_INSTALLATION_ID}/repositories`, {
        token: tokens.alice,
      });
      expect(alice.body.total_count).toBe(1);
      expect(alice.body.repositories[0]).toMatchObject({
        full_name: 'demo/blog',
        permissions: { admin: false, push: true, pull: true },
      });

      const bob = await api(host.gh, `/user/installations/${SEED_INSTALLATION_ID}/repositories`, {
        token: tokens.bob,
      });
      expect(bob.status).toBe(404);
      expectGitHubResponse('GET', REPOS_PATH, 404, bob.body);
    });

    it("paginates with GitHub's Link header (default 30, max 100 per page)", async () => {
      for (let i = 1; i <= 32; i += 1) {
        await host.gh.createRepository({
          owner: 'demo',
          name: `extra-${String(i).padStart(2, '0')}`,
          installApp: true,
        });
      }
      const base = `${host.gh.apiUrl}/user/installations/${SEED_INSTALLATION_ID}/repositories`;
      const first = await api(host.gh, `/user/installations/${SEED_INSTALLATION_ID}/repositories`, {
        token: tokens.demo,
      });
      expect(first.body.total_count).toBe(35);
      expect(first.body.repositories).toHaveLength(30);
      expect(first.headers.get('link')).toBe(
        `<${base}?page=2>; rel="next", <${base}?page=2>; rel="last"`,
      );

      const second = await api(
        host.gh,
        `/user/installations/${SEED_INSTALLATION_ID}/repositories?page=2`,
        { token: tokens.demo },
      );
      expectGitHubResponse('GET', REPOS_PATH, 200, second.body);
      expect(second.body.repositories).toHaveLength(5);
      expect(second.headers.get('link')).toBe(
        `<${base}?page=1>; rel="prev", <${base}?page=1>; rel="first"`,
      );

      const middle = await api(
        host.gh,
        `/user/installations/${SEED_INSTALLATION_ID}/repositories?per_page=10&page=2`,
        { token: tokens.demo },
      );
      expect(middle.body.repositories).toHaveLength(10);
      expect(middle.headers.get('link')).toBe(
        [
          `<${base}?per_page=10&page=1>; rel="prev"`,
          `<${base}?per_page=10&page=3>; rel="next"`,
          `<${base}?per_page=10&page=4>; rel="last"`,
          `<${base}?per_page=10&page=1>; rel="first"`,
        ].join(', '),
      );

      const capped = await api(
        host.gh,
        `/user/installations/${SEED_INSTALLATION_ID}/repositories?per_page=500`,
        { token: tokens.demo },
      );
      expect(capped.body.repositories).toHaveLength(35);
      const all = [...first.body.repositories, ...second.body.repositories].map(
        (repo: { name: string }) => repo.name,
      );
      expect(new Set(all).size).toBe(35);
    });

    it('refuses installation endpoints to installation tokens and anonymous callers', async () => {
      const anonymous = await api(host.gh, '/user/installations');
      expect(anonymous.status).toBe(401);
      expectGitHubResponse('GET', '/user/installations', 401, anonymous.body);
      const created = await api(
        host.gh,
        `/app/installations/${SEED_INSTALLATION_ID}/access_tokens`,
        { token: jwt(), method: 'POST' },
      );
      const asInstallation = await api(host.gh, '/user/installations', {
        token: created.body.token,
      });
      expect(asInstallation.status).toBe(403);
      expectGitHubResponse('GET', '/user/installations', 403, asInstallation.body);
    });
  });

  describe('for the app (JWT)', () => {
    it('finds the installation of a repository, or 404', async () => {
      const found = await api(host.gh, '/repos/demo/blog/installation', { token: jwt() });
      expect(found.status).toBe(200);
      expectGitHubResponse('GET', '/repos/{owner}/{repo}/installation', 200, found.body);
      expect(found.body).toMatchObject({
        id: SEED_INSTALLATION_ID,
        repository_selection: 'selected',
      });
      const missing = await api(host.gh, '/repos/demo/not-installed/installation', {
        token: jwt(),
      });
      expect(missing.status).toBe(404);
      expectGitHubResponse('GET', '/repos/{owner}/{repo}/installation', 404, missing.body);
    });

    it('accepts the client id as issuer, as GitHub does', async () => {
      expect(
        (
          await api(host.gh, '/repos/demo/blog/installation', {
            token: jwt({ iss: host.gh.app.clientId }),
          })
        ).status,
      ).toBe(200);
    });

    it('rejects forged, expired, long-lived and foreign JWTs with 401', async () => {
      const valid = jwt();
      const [header, payload] = valid.split('.');
      const forgedPayload = Buffer.from(
        JSON.stringify({
          ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()),
          iss: 999,
        }),
      ).toString('base64url');
      const now = Math.floor(host.clock.now() / 1000);
      const { generateKeyPairSync } = await import('node:crypto');
      const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
        .privateKey.export({ type: 'pkcs1', format: 'pem' })
        .toString();
      const cases = {
        tampered: `${header}.${forgedPayload}.${valid.split('.')[2]}`,
        otherKey: signAppJwt(otherKey, host.gh.app.appId, {}, host.clock.now()),
        expired: jwt({ iat: now - 700, exp: now - 60 }),
        tooLong: jwt({ iat: now - 30, exp: now + 3600 }),
        wrongIssuer: jwt({ iss: 4242 }),
        userToken: tokens.demo,
      };
      for (const [name, token] of Object.entries(cases)) {
        const res = await api(host.gh, '/repos/demo/blog/installation', { token });
        expect(res.status, name).toBe(401);
        expect(res.body.message, name).toEqual(expect.any(String));
      }
      const noAuth = await api(
        host.gh,
        `/app/installations/${SEED_INSTALLATION_ID}/access_tokens`,
        { method: 'POST' },
      );
      expect(noAuth.status).toBe(401);
      expectGitHubResponse(
        'POST',
        '/app/installations/{installation_id}/access_tokens',
        401,
        noAuth.body,
      );
    });

    it("creates installation tokens that work on the installation's repositories only", async () => {
      const res = await api(host.gh, `/app/installations/${SEED_INSTALLATION_ID}/access_tokens`, {
        token: jwt(),
        method: 'POST',
      });
      expect(res.status).toBe(201);
      expectGitHubResponse(
        'POST',
        '/app/installations/{installation_id}/access_tokens',
        201,
        res.body,
      );
      expect(res.body.token).toMatch(/^ghs_[A-Za-z0-9]{36}$/);
      expect(Date.parse(res.body.expires_at) - host.clock.now()).toBeGreaterThan(3_500_000);
      expect(res.body.permissions).toMatchObject({
        contents: 'write',
        metadata: 'read',
        pull_requests: 'write',
      });

      const blog = await api(host.gh, '/repos/demo/blog', { token: res.body.token });
      expect(blog.status).toBe(200);
      expectGitHubResponse('GET', '/repos/{owner}/{repo}', 200, blog.body);
      expect(
        (await api(host.gh, '/repos/demo/not-installed', { token: res.body.token })).status,
      ).toBe(404);
      const user = await api(host.gh, '/user', { token: res.body.token });
      expect(user.status).toBe(403);
      expectGitHubResponse('GET', '/user', 403, user.body);
    });

    it('narrows installation tokens to requested repositories', async () => {
      const res = await api(host.gh, `/app/installations/${SEED_INSTALLATION_ID}/access_tokens`, {
        token: jwt(),
        method: 'POST',
        body: { repositories: ['docs'], permissions: { contents: 'read' } },
      });
      expect(res.status).toBe(201);
      expectGitHubResponse(
        'POST',
        '/app/installations/{installation_id}/access_tokens',
        201,
        res.body,
      );
      expect(res.body).toMatchObject({
        repository_selection: 'selected',
        permissions: { contents: 'read' },
      });
      expect(res.body.repositories.map((repo: { name: string }) => repo.name)).toEqual(['docs']);
      const docs = await api(host.gh, '/repos/demo/docs', { token: res.body.token });
      expect([docs.status, docs.body.permissions?.push]).toEqual([200, false]);
      expect((await api(host.gh, '/repos/demo/blog', { token: res.body.token })).status).toBe(404);
      // Asked for contents: read only, it cannot write, though the installation could.
      const write = await api(host.gh, '/repos/demo/docs/contents/new.md', {
        token: res.body.token,
        method: 'PUT',
        body: { message: 'x', content: Buffer.from('x').toString('base64') },
      });
      expect([403, 404]).toContain(write.status);
      expect(
        (await api(host.gh, '/repos/demo/docs/contents/new.md', { token: res.body.token })).status,
      ).toBe(404);

      const outside = await api(
        host.gh,
        `/app/installations/${SEED_INSTALLATION_ID}/access_tokens`,
        { token: jwt(), method: 'POST', body: { repositories: ['not-installed'] } },
      );
      expect(outside.status).toBe(422);
      expectGitHubResponse(
        'POST',
        '/app/installations/{installation_id}/access_tokens',
        422,
        outside.body,
      );
      const unknown = await api(host.gh, '/app/installations/999999/access_tokens', {
        token: jwt(),
        method: 'POST',
      });
      expect(unknown.status).toBe(404);
      expectGitHubResponse(
        'POST',
        '/app/installations/{installation_id}/access_tokens',
        404,
        unknown.body,
      );
    });

    it('expires installation tokens after an hour', async () => {
      const res = await api(host.gh, `/app/installations/${SEED_INSTALLATION_ID}/access_tokens`, {
        token: jwt(),
        method: 'POST',
      });
      host.clock.advance(3_600_000);
      expect((await api(host.gh, '/repos/demo/blog', { token: res.body.token })).status).toBe(401);
    });
  });
});
