import type { MiddlewareObj } from '@middy/core';
import type { HttpEvent, HttpResult } from './types';

const headers: Record<string, string> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** API answers are data, never documents: forbid sniffing, framing, caching and referrers. */
export const securityHeaders = (): MiddlewareObj<HttpEvent, HttpResult> => {
  const apply = (request: { response: HttpResult | null }) => {
    if (!request.response) return;
    request.response.headers = { ...headers, ...request.response.headers };
  };
  return { after: apply, onError: apply };
};
