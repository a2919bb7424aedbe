import { CallbackQuerySchema, HealthSchema, MeSchema } from './auth/schemas';
import { ApiTokenCreatedSchema, ApiTokenSummarySchema, CreateTokenBodySchema } from './auth/token-schemas';
import * as z from 'zod/mini';
import { DeviceCodeSchema, DeviceTokenAnswerSchema, DeviceTokenBodySchema, HostRepoSchema } from './auth/device-schemas';
import type { RouteDef } from './http/route-def';
import { ErrorSchema, OkSchema } from './schemas';

const error = (description: string) => ({ description, schema: ErrorSchema });

/**
 * THE route table. Read by the group handlers (routing, authentication, validation), the local
 * gateway, the CDK stack (one function per group, one HTTP API route per row), the OpenAPI
 * document and the permission-matrix tests. A row lands together with its implementation.
 */
export const routes = [
  {
    id: 'getHealth',
    method: 'GET',
    path: '/api/health',
    group: 'health',
    access: 'none',
    summary: 'Liveness: answers {"status":"ok"} when the service is up.',
    responses: { 200: { description: 'Healthy', schema: HealthSchema } },
  },
  {
    id: 'getMe',
    method: 'GET',
    path: '/api/auth/me',
    group: 'session',
    access: 'none',
    summary: 'Who the session cookie belongs to, if anyone.',
    responses: { 200: { description: 'Session state', schema: MeSchema } },
  },
  {
    id: 'login',
    method: 'GET',
    path: '/auth/login',
    group: 'session',
    access: 'none',
    summary: 'Starts sign-in: redirects to the provider with OAuth state and PKCE (S256).',
    responses: { 302: { description: 'Redirect to the provider\'s authorization page' } },
  },
  {
    id: 'callback',
    method: 'GET',
    path: '/auth/callback',
    group: 'session',
    access: 'none',
    summary: 'OAuth callback: checks state, exchanges the code, sets cms_session, redirects to /app.',
    query: CallbackQuerySchema,
    responses: {
      302: { description: 'Signed in; redirect to /app' },
      400: error('Missing or wrong state, or the provider refused the sign-in'),
      502: error('The provider could not be reached'),
    },
  },
  {
    id: 'logout',
    method: 'POST',
    path: '/auth/logout',
    group: 'session',
    access: 'none',
    summary: 'Ends the session server-side and clears the cookie.',
    responses: { 200: { description: 'Signed out', schema: OkSchema } },
  },
  {
    id: 'createToken',
    method: 'POST',
    path: '/api/tokens',
    group: 'tokens',
    access: 'session',
    summary: 'Creates an API token for the signed-in user; the secret appears only in this answer.',
    body: CreateTokenBodySchema,
    responses: {
      201: { description: 'Created; `token` is shown once', schema: ApiTokenCreatedSchema },
      400: error('A field is invalid; the message names it'),
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
    summary: "The signed-in user's API tokens, oldest first, never with the secret.",
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
    summary: 'Revokes one of your API tokens; it is refused from the very next request on.',
    responses: {
      200: { description: 'Revoked', schema: OkSchema },
      401: error('Not signed in'),
      403: error('Called with an API token, or from another origin'),
      404: error('No such token among yours'),
    },
  },
  {
    id: 'startDevice',
    method: 'POST',
    path: '/auth/device',
    group: 'device',
    access: 'none',
    summary: 'Starts a device-code sign-in for a command-line tool (no body).',
    responses: {
      200: { description: 'Show userCode and verificationUri to the user; poll no faster than interval', schema: DeviceCodeSchema },
      502: error('The provider could not start the device flow'),
    },
  },
  {
    id: 'pollDevice',
    method: 'POST',
    path: '/auth/device/token',
    group: 'device',
    access: 'none',
    summary: 'Polls a device code: pending, slow_down, expired, denied, or success with a 90-day API token (all permissions, all repos).',
    body: DeviceTokenBodySchema,
    responses: {
      200: { description: 'The state of the device code', schema: DeviceTokenAnswerSchema },
      400: error('deviceCode missing'),
      502: error('The provider failed'),
    },
  },
  {
    id: 'listHostRepos',
    method: 'GET',
    path: '/api/github/repos',
    group: 'repos',
    access: 'authenticated',
    summary: "Repositories the caller reaches through the app's installations (the spec's /api/host/repos, host = github).",
    responses: {
      200: { description: 'Repositories, every page', schema: z.array(HostRepoSchema) },
      401: error('Not signed in, or the GitHub sign-in has ended'),
      502: error('GitHub failed'),
    },
  },
] as const satisfies readonly RouteDef[];

export type RouteTable = typeof routes;
export type AnyRoute = RouteTable[number];
export type RouteId = AnyRoute['id'];
export type RoutesOfGroup<G extends string> = Extract<AnyRoute, { group: G }>;
