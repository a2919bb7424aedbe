import type { MiddlewareObj } from '@middy/core';
import { InvalidInputError, NotFoundError } from '../errors';
import { repoNamePattern } from '../auth/token-schemas';
import { ProtocolError } from './errors';
import type { RouteDef } from './route-def';
import { matchRoute } from './route-match';
import { parseCookies } from './cookies';
import type { CmsContext, HttpEvent, HttpResult } from './types';

/** Lambda's synchronous payload limit; anything larger never reaches a function on AWS either. */
export const maxBodyBytes = 6 * 1024 * 1024;

/**
 * Finds the route, then reads cookies, query and JSON body into the request state. `wholeTable`
 * is given to the function that serves the HTTP API's `$default` route: a path that only another
 * group knows, under another method, answers 405 with that path's Allow, as that group would.
 */
/** Checks a signed body's exact bytes (a route row with `rawBody`); throws to refuse the request. */
export type RawBodyVerifier = (bytes: Uint8Array, headers: HttpEvent['headers']) => void;

export interface RequestParserOptions {
  wholeTable?: readonly RouteDef[];
  verifyRawBody?: RawBodyVerifier;
}

export const requestParser = (
  table: readonly RouteDef[],
  options: RequestParserOptions = {},
): MiddlewareObj<HttpEvent, HttpResult, Error, CmsContext> => ({
  before: async ({ event, context }) => {
    context.cms = {
      params: {},
      query: {},
      body: undefined,
      cookies: {},
      caller: { kind: 'anonymous' },
    };
    let outcome = matchRoute(table, event.requestContext.http.method, event.rawPath);
    if (outcome.kind === 'not_found' && options.wholeTable) {
      const elsewhere = matchRoute(
        options.wholeTable,
        event.requestContext.http.method,
        event.rawPath,
      );
      if (elsewhere.kind === 'method_not_allowed') outcome = elsewhere;
    }
    if (outcome.kind === 'not_found')
      throw new NotFoundError(`No route for ${event.requestContext.http.method} ${event.rawPath}`);
    if (outcome.kind === 'method_not_allowed') {
      throw new ProtocolError(
        'method_not_allowed',
        `Method ${event.requestContext.http.method} is not allowed here`,
        {
          details: { allow: outcome.allowed.join(', ') },
        },
      );
    }
    const state = context.cms;
    state.route = outcome.match.route;
    state.params = outcome.match.params;
    // Checked before anything reads the table: a repository's name is part of its keys.
    if (state.params.repo !== undefined && !repoNamePattern.test(state.params.repo)) {
      throw new InvalidInputError(
        'repo: expected a repository name of the form owner/name (an owner of up to 39 letters, digits and "-"; a name of up to 100 letters, digits, ".", "_" and "-")',
      );
    }
    state.cookies = parseCookies(event.cookies);
    state.query = Object.fromEntries(new URLSearchParams(event.rawQueryString ?? ''));
    const route = outcome.match.route;
    if (route.rawBody) {
      // A signed body is verified over its exact bytes before anything reads it; a group that
      // declares such a row without a verifier fails closed.
      if (!options.verifyRawBody)
        throw new Error(`Route ${route.id} has a signed body but its group has no verifyRawBody`);
      state.rawBody = bodyBytes(event);
      options.verifyRawBody(state.rawBody, event.headers);
    }
    state.body =
      route.body && !(route.bodyOptional && isEmpty(event)) ? parseJsonBody(event) : undefined;
  },
});

const isEmpty = (event: HttpEvent) => !event.body;

const bodyBytes = (event: HttpEvent): Buffer => {
  const raw = event.body ?? '';
  return event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
};

function parseJsonBody(event: HttpEvent): unknown {
  const bytes = bodyBytes(event);
  if (bytes.length > maxBodyBytes)
    throw new ProtocolError(
      'payload_too_large',
      `Request body is larger than ${maxBodyBytes} bytes`,
    );
  if (bytes.length === 0) throw new InvalidInputError('Request body is required (JSON)');
  const contentType = event.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(contentType)) {
    throw new ProtocolError('unsupported_media_type', 'Content-Type must be application/json');
  }
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let decoded: string;
  try {
    decoded = text.decode(bytes);
  } catch {
    throw new InvalidInputError('Request body is not valid UTF-8');
  }
  try {
    return JSON.parse(decoded);
  } catch {
    throw new InvalidInputError('Request body is not valid JSON');
  }
}
