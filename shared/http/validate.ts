import type { MiddlewareObj } from '@middy/core';
import '../zod-locale';
import { InvalidInputError } from '../errors';
import { formatIssues } from '../format-issues';
import type { CmsContext, HttpEvent, HttpResult } from './types';

/** Query and body through the route's zod schemas; the first issue becomes the 400 message. */
export const validate = (): MiddlewareObj<HttpEvent, HttpResult, Error, CmsContext> => ({
  before: async ({ context }) => {
    const state = context.cms;
    const route = state.route;
    if (!route) return;
    if (route.query) {
      const result = route.query.safeParse(state.query);
      if (!result.success) throw new InvalidInputError(formatIssues(result.error, 'query'));
      state.query = result.data;
    }
    if (route.body && !(route.bodyOptional && state.body === undefined)) {
      const result = route.body.safeParse(state.body);
      if (!result.success) throw new InvalidInputError(formatIssues(result.error, 'body'));
      state.body = result.data;
    }
  },
});
