import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { permissions } from '../../../shared/auth/permissions';
import {
  deviceBody,
  loginScope,
  permissionsArgument,
  scopeInWords,
} from '../../../cli/lib/login-scope';

describe('the scope cms login asks for', () => {
  it('fills each absent option with the least the everyday commands need: no delete, no publish, 30 days', () => {
    expect(deviceBody(loginScope({}))).toEqual({
      permissions: ['content:read', 'content:write', 'config:read', 'repos:read'],
      repos: ['*'],
      expiresIn: 2_592_000,
    });
    expect(deviceBody(loginScope({ repos: ['demo/blog'], expiresIn: 3_600 }))).toEqual({
      permissions: ['content:read', 'content:write', 'config:read', 'repos:read'],
      repos: ['demo/blog'],
      expiresIn: 3_600,
    });
  });

  it('reads --permissions all as every permission, and only alone', () => {
    expect(permissionsArgument('all')).toEqual([...permissions]);
    expect(permissionsArgument(' content:read , config:read ')).toEqual([
      'content:read',
      'config:read',
    ]);
    expect(() => permissionsArgument('all,content:read')).toThrow(InvalidArgumentError);
  });

  it('says what it asks for in words', () => {
    expect(scopeInWords(loginScope({}))).toBe(
      'content:read, content:write, config:read, repos:read on every repository, for 30 days',
    );
    expect(
      scopeInWords(
        loginScope({
          permissions: ['content:read'],
          repos: ['demo/blog', 'demo/docs'],
          expiresIn: 86_400,
        }),
      ),
    ).toBe('content:read on demo/blog, demo/docs, for 1 day');
    expect(scopeInWords(loginScope({ expiresIn: 43_200 }))).toMatch(/, for 12 h$/);
    expect(scopeInWords(loginScope({ expiresIn: 90 }))).toMatch(/, for 90 s$/);
  });
});
