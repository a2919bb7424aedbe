import { CallbackQuerySchema, HealthSchema, MeSchema } from './auth/schemas';
import { ApiTokenCreatedSchema, ApiTokenSummarySchema, CreateTokenBodySchema } from './auth/token-schemas';
import * as z from 'zod/mini';
import { DeviceCodeSchema, DeviceTokenAnswerSchema, DeviceTokenBodySchema } from './auth/device-schemas';
import { CmsConfigSchema } from './content/config-schema';
import {
  ConnectRepoBodySchema,
  ContentItemSchema,
  DeleteContentQuerySchema,
  GetContentQuerySchema,
  HostRepoSchema,
  PutContentBodySchema,
  PutContentResultSchema,
  RepoConnectionSchema,
} from './content/schemas';
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
  {
    id: 'listRepos',
    method: 'GET',
    path: '/api/repos',
    group: 'repos',
    access: 'repos:read',
    summary: 'Connected repositories; an API token sees only those in its scope.',
    responses: { 200: { description: 'Connections', schema: z.array(RepoConnectionSchema) }, 401: error('Not signed in'), 403: error('The token lacks repos:read') },
  },
  {
    id: 'connectRepo',
    method: 'POST',
    path: '/api/repos',
    group: 'repos',
    access: 'session',
    summary: 'Connects a repository that carries cms.config.json; needs the app installed and your write access on GitHub.',
    body: ConnectRepoBodySchema,
    responses: {
      201: { description: 'Connected', schema: OkSchema },
      400: error('Not of the form owner/repo, or cms.config.json missing or invalid (the message names the first invalid path)'),
      403: error('The app is not installed on the repository, or you lack write access'),
      404: error('GitHub does not show you the repository'),
      409: error('Already connected'),
    },
  },
  {
    id: 'disconnectRepo',
    method: 'DELETE',
    path: '/api/repos/{repo}',
    group: 'repos',
    access: 'session',
    summary: 'Disconnects a repository (nothing in the repository changes); needs your write access on GitHub.',
    responses: { 200: { description: 'Disconnected', schema: OkSchema }, 403: error('No write access'), 404: error('Not connected') },
  },
  {
    id: 'getConfig',
    method: 'GET',
    path: '/api/repos/{repo}/config',
    group: 'repos',
    access: 'config:read',
    summary: "The repository's parsed and validated cms.config.json, as it is now on the default branch.",
    responses: {
      200: { description: 'The config', schema: CmsConfigSchema },
      401: error('Missing or invalid authentication'),
      404: error('Not connected, or not visible to you on GitHub'),
      409: error('cms.config.json has been removed or made invalid since the repository was connected'),
    },
  },
  {
    id: 'listContent',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}',
    group: 'content',
    access: 'content:read',
    summary: 'Every markdown item of the collection directory, with parsed frontmatter (no body).',
    responses: { 200: { description: 'Items', schema: z.array(ContentItemSchema) }, 404: error('Repository not connected, or collection not found') },
  },
  {
    id: 'getContent',
    method: 'GET',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
    access: 'content:read',
    summary: 'One item with its body; `branch` reads it from that branch. `branch`/`prNumber` appear when its draft branch has an open pull request.',
    query: GetContentQuerySchema,
    responses: { 200: { description: 'The item', schema: ContentItemSchema }, 400: error('Invalid slug or branch name'), 404: error('Item or collection not found') },
  },
  {
    id: 'putContent',
    method: 'PUT',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
    access: 'content:write',
    summary: 'Creates (no sha) or updates (the current sha) an item with one commit; other frontmatter lines stay byte-identical.',
    body: PutContentBodySchema,
    responses: {
      200: { description: 'Saved', schema: PutContentResultSchema },
      400: error('Invalid slug, frontmatter (the field is named) or mode for a locked collection'),
      403: error('The app is not installed, or you lack write access'),
      404: error('Collection not found'),
      409: error('The file changed (or exists, on create): fetch the latest sha and retry'),
    },
  },
  {
    id: 'deleteContent',
    method: 'DELETE',
    path: '/api/repos/{repo}/content/{collection}/{slug}',
    group: 'content',
    access: 'content:delete',
    summary: 'Deletes an item with one commit, guarded by its current sha.',
    query: DeleteContentQuerySchema,
    responses: {
      200: { description: 'Deleted', schema: OkSchema },
      400: error('sha missing or not a git object id'),
      404: error('Item or collection not found'),
      409: error('The file changed: fetch the latest sha and retry'),
    },
  },
] as const satisfies readonly RouteDef[];

export type RouteTable = typeof routes;
export type AnyRoute = RouteTable[number];
export type RouteId = AnyRoute['id'];
export type RoutesOfGroup<G extends string> = Extract<AnyRoute, { group: G }>;
