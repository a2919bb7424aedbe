import type { HttpResult } from './types';

export const json = (
  status: number,
  body: unknown,
  extra?: { headers?: Record<string, string>; cookies?: string[] },
): HttpResult => ({
  statusCode: status,
  headers: { 'content-type': 'application/json; charset=utf-8', ...extra?.headers },
  body: JSON.stringify(body),
  ...(extra?.cookies?.length ? { cookies: extra.cookies } : {}),
});
