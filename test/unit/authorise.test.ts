import { describe, expect, it } from 'vitest';
import { checkAccess } from '../../shared/http/authorise';
import { ForbiddenError, UnauthenticatedError } from '../../shared/errors';
import type { RouteDef } from '../../shared/http/route-def';
import type { Caller } from '../../shared/auth/caller';

const route = (access: RouteDef['access'], path = '/api/repos/{repo}/config'): RouteDef => ({
  id: 'r',
  method: 'GET',
  path,
  group: 'repos',
  access,
  summary: '',
  description: '',
  responses: {},
});
const session: Caller = { kind: 'session', sessionId: 's', userId: '1', login: 'demo' };
const token = (
  permissions: Caller & { kind: 'token' } extends { permissions: infer P } ? P : never,
  repos = ['demo/blog'],
): Caller => ({ kind: 'token', tokenId: 't', userId: '1', login: 'demo', repos, permissions });

describe('checkAccess', () => {
  it('lets anyone through an open route', () => {
    expect(() => checkAccess(route('none'), {}, { kind: 'anonymous' })).not.toThrow();
  });

  it('answers 401 to anonymous callers everywhere else', () => {
    for (const access of ['session', 'authenticated', 'config:read'] as const) {
      expect(() =>
        checkAccess(route(access), { repo: 'demo/blog' }, { kind: 'anonymous' }),
      ).toThrow(UnauthenticatedError);
    }
  });

  it('lets a session bypass permissions and scope', () => {
    expect(() =>
      checkAccess(route('content:publish'), { repo: 'any/repo' }, session),
    ).not.toThrow();
    expect(() => checkAccess(route('session'), {}, session)).not.toThrow();
  });

  it('refuses tokens on session-only routes, without the permission, or outside the scope', () => {
    expect(() => checkAccess(route('session'), {}, token(['repos:read']))).toThrow(ForbiddenError);
    expect(() =>
      checkAccess(route('config:read'), { repo: 'demo/blog' }, token(['content:read'])),
    ).toThrow(/lacks the config:read/);
    expect(() =>
      checkAccess(route('config:read'), { repo: 'demo/docs' }, token(['config:read'])),
    ).toThrow(/outside/);
  });

  it('accepts a token with the permission in scope, compares names case-insensitively, and honours "*"', () => {
    expect(() =>
      checkAccess(route('config:read'), { repo: 'Demo/Blog' }, token(['config:read'])),
    ).not.toThrow();
    expect(() =>
      checkAccess(route('config:read'), { repo: 'x/y' }, token(['config:read'], ['*'])),
    ).not.toThrow();
    expect(() =>
      checkAccess(route('authenticated', '/api/github/repos'), {}, token(['content:read'])),
    ).not.toThrow();
  });

  it('matches a repository scope by the whole name: no prefix, no part, no case variant of another name', () => {
    const blogOnly = token(['config:read'], ['demo/blog']);
    for (const repo of [
      'demo/blog-private',
      'demo/blo',
      'Demo/Blog-Private',
      'DEMO/BLO',
      'Demo/Docs',
      'demo/blogs',
      'other/blog',
    ]) {
      expect(() => checkAccess(route('config:read'), { repo }, blogOnly), repo).toThrow(
        `Repository ${repo} is outside this API token's scope`,
      );
    }
    expect(() =>
      checkAccess(
        route('config:read'),
        { repo: 'demo/blog' },
        token(['config:read'], ['demo/blog-private']),
      ),
    ).toThrow(/outside/);
    expect(() => checkAccess(route('config:read'), { repo: 'DEMO/BLOG' }, blogOnly)).not.toThrow();
  });

  it('needs every permission of a list, and names the missing ones', () => {
    const both = route(['content:write', 'content:delete']);
    expect(() =>
      checkAccess(both, { repo: 'demo/blog' }, token(['content:write', 'content:delete'])),
    ).not.toThrow();
    expect(() => checkAccess(both, { repo: 'demo/blog' }, token(['content:write']))).toThrow(
      /lacks the content:delete permission$/,
    );
    expect(() => checkAccess(both, { repo: 'demo/blog' }, token(['content:read']))).toThrow(
      /lacks the content:write and content:delete permissions/,
    );
    expect(() =>
      checkAccess(both, { repo: 'demo/docs' }, token(['content:write', 'content:delete'])),
    ).toThrow(/outside/);
    expect(() => checkAccess(both, { repo: 'any/repo' }, session)).not.toThrow();
  });
});
