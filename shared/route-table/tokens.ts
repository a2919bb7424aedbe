import * as z from 'zod/mini';

import {
  ApiTokenCreatedSchema,
  ApiTokenSummarySchema,
  CreateTokenBodySchema,
} from '../auth/token-schemas';
import { OkSchema } from '../schemas';
import type { RouteDef } from '../http/route-def';
import { error } from './error-response';

/** The tokens group's rows: API tokens for scripts and the CLI. */
export const tokensRoutes = [
  {
    id: 'createToken',
    method: 'POST',
    path: '/api/tokens',
    group: 'tokens',
    access: 'session',
    throttle: 'credential',
    summary: 'Create an API token',
    description:
      'Creates an API token for the signed-in user; the secret appears only in this answer.',
    body: CreateTokenBodySchema,
    responses: {
      201: {
        description:
          'Created; `token` is shown once. `repos` as stored: duplicates (compared case-insensitively) collapsed to the first spelling',
        schema: ApiTokenCreatedSchema,
      },
      400: error(
        'A field is invalid (the message names it: more than 100 repos, "*" with names, an unknown permission, …), or you already hold 50 active tokens (unexpired, unrevoked): revoke one first',
      ),
      401: error('Not signed in'),
      403: error('Called with an API token, or from another origin'),
    },
  },
  {
    id: 'listTokens',
    method: 'GET',
    path: '/api/tokens',
    group: 'tokens',
    access: 'session',
    summary: 'List your API tokens',
    description: "The signed-in user's API tokens, oldest first, never with the secret.",
    responses: {
      200: { description: 'Tokens', schema: z.array(ApiTokenSummarySchema) },
      401: error('Not signed in'),
      403: error('Called with an API token'),
    },
  },
  {
    id: 'deleteToken',
    method: 'DELETE',
    path: '/api/tokens/{tokenId}',
    group: 'tokens',
    access: 'session',
    summary: 'Revoke one of your API tokens',
    description: 'Revokes one of your API tokens; it is refused from the very next request on.',
    responses: {
      200: { description: 'Revoked', schema: OkSchema },
      401: error('Not signed in'),
      403: error('Called with an API token, or from another origin'),
      404: error('No such token among yours'),
    },
  },
  {
    id: 'revokeCurrentToken',
    method: 'DELETE',
    path: '/api/auth/token',
    group: 'tokens',
    access: 'authenticated',
    summary: 'Revoke the API token this request is sent with',
    description:
      'Revokes the API token the request is sent with (what `cms logout` calls); it is refused from the very next request on. Answers as DELETE /api/tokens/{tokenId} does.',
    responses: {
      200: { description: 'Revoked', schema: OkSchema },
      400: error(
        'Sent with a browser session: this route revokes API tokens only (a session ends with POST /auth/logout)',
      ),
      401: error('No credentials, or the token is invalid, expired or already revoked'),
    },
  },
] as const satisfies readonly RouteDef[];
