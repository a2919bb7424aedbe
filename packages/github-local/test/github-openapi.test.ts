import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectGitHubResponse, toJsonSchema } from './support/github-openapi';
import { api, startTestHost, type TestHost } from './helpers';

describe('expectGitHubResponse (GitHub OpenAPI validator)', () => {
  let host: TestHost;
  let validUser: Record<string, unknown>;
  let validRepo: Record<string, unknown>;

  beforeAll(async () => {
    host = await startTestHost();
    const { access_token } = host.gh.issueUserToken('demo');
    validUser = (await api(host.gh, '/user', { token: access_token })).body;
    validRepo = (await api(host.gh, '/repos/demo/blog', { token: access_token })).body;
  });
  afterAll(() => host.dispose());

  it('accepts what the local host answers', () => {
    expect(() => expectGitHubResponse('GET', '/user', 200, validUser)).not.toThrow();
    expect(() =>
      expectGitHubResponse('get', '/repos/{owner}/{repo}', 200, validRepo),
    ).not.toThrow();
  });

  it('fails when a required field is missing', () => {
    const { login: _login, ...withoutLogin } = validUser;
    expect(() => expectGitHubResponse('GET', '/user', 200, withoutLogin)).toThrow(/login/);
    const { default_branch: _branch, ...withoutBranch } = validRepo;
    expect(() => expectGitHubResponse('GET', '/repos/{owner}/{repo}', 200, withoutBranch)).toThrow(
      /default_branch/,
    );
  });

  it('fails when a field has the wrong type, nested ones included', () => {
    expect(() => expectGitHubResponse('GET', '/user', 200, { ...validUser, id: '1001' })).toThrow();
    const owner = { ...(validRepo.owner as Record<string, unknown>), site_admin: 'no' };
    expect(() =>
      expectGitHubResponse('GET', '/repos/{owner}/{repo}', 200, { ...validRepo, owner }),
    ).toThrow(/owner/);
    expect(() =>
      expectGitHubResponse('GET', '/repos/{owner}/{repo}', 200, { ...validRepo, private: null }),
    ).toThrow(/private/);
  });

  it('fails on a wrong format and on non-nullable nulls, accepts documented nulls', () => {
    expect(() =>
      expectGitHubResponse('GET', '/repos/{owner}/{repo}', 200, {
        ...validRepo,
        created_at: 'yesterday',
      }),
    ).toThrow(/created_at/);
    expect(() =>
      expectGitHubResponse('GET', '/repos/{owner}/{repo}', 200, { ...validRepo, name: null }),
    ).toThrow(/name/);
    expect(() =>
      expectGitHubResponse('GET', '/repos/{owner}/{repo}', 200, {
        ...validRepo,
        description: null,
      }),
    ).not.toThrow();
  });

  it('fails for an undocumented operation or status', () => {
    expect(() => expectGitHubResponse('GET', '/no/such/path', 200, {})).toThrow(/no operation/);
    expect(() => expectGitHubResponse('GET', '/user', 418, {})).toThrow(
      /does not document status 418/,
    );
  });

  it('turns OpenAPI nullable into JSON Schema', () => {
    expect(toJsonSchema({ type: 'string', nullable: true })).toEqual({ type: ['string', 'null'] });
    expect(toJsonSchema({ allOf: [{ type: 'object' }], nullable: true })).toEqual({
      anyOf: [{ allOf: [{ type: 'object' }] }, { type: 'null' }],
    });
    expect(toJsonSchema({ type: 'string', enum: ['a'], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
    expect(toJsonSchema({ properties: { nullable: { type: 'boolean' } } })).toEqual({
      properties: { nullable: { type: 'boolean' } },
    });
  });
});
