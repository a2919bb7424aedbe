import type { MiddlewareObj } from '@middy/core';
import { ForbiddenError } from '../errors';
import type { CmsContext, HttpEvent, HttpResult } from './types';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated writes must come from our own origin: the `Origin` header equals the
 * service's public origin, or the browser vouches with `Sec-Fetch-Site: same-origin`. A request
 * carrying neither is refused too. Bearer-token requests carry no ambient credential: unaffected.
 */
export const csrfGuard = (
  publicUrl: () => string,
): MiddlewareObj<HttpEvent, HttpResult, Error, CmsContext> => ({
  before: async ({ event, context }) => {
    if (context.cms.caller.kind !== 'session' || safeMethods.has(event.requestContext.http.method))
      return;
    const origin = event.headers.origin;
    if (
      origin !== undefined
        ? origin === new URL(publicUrl()).origin
        : event.headers['sec-fetch-site'] === 'same-origin'
    )
      return;
    throw new ForbiddenError(
      "Cross-origin request refused: cookie-authenticated changes must come from the editor's own origin",
    );
  },
});
