import * as z from 'zod/mini';

import { RepoConfigSchema } from '../content/config-schema';
import { ConnectRepoBodySchema, HostRepoSchema, RepoConnectionSchema } from '../repos/schemas';
import { OkSchema } from '../schemas';
import type { RouteDef } from '../http/route-def';
import { error } from './error-response';

/** The repos group's rows: connecting repositories and reading their configuration. */
export const reposRoutes = [
  {
    id: 'listHostRepos',
    method: 'GET',
    path: '/api/github/repos',
    group: 'repos',
    access: 'authenticated',
    summary: 'List the repositories the GitHub App reaches for you',
    description:
      "Repositories the caller reaches through the app's installations (the spec's /api/host/repos, host = github), asked of GitHub with the caller's own token; an API token sees only those in its repo scope.",
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
    summary: 'List connected repositories',
    description:
      'Connected repositories the caller reaches on GitHub (the spec lists every connection; a name is not shown to someone GitHub hides the repository from); an API token sees only those in its scope too. What the caller reaches is cached per user for 5 minutes: within that window a user who lost access may still see a name listed, while every read or write still asks GitHub.',
    responses: {
      200: { description: 'Connections', schema: z.array(RepoConnectionSchema) },
      401: error('Not signed in, or the GitHub sign-in has ended'),
      403: error('The token lacks repos:read'),
    },
  },
  {
    id: 'connectRepo',
    method: 'POST',
    path: '/api/repos',
    group: 'repos',
    access: 'session',
    summary: 'Connect a repository',
    description:
      'Connects a repository that carries cms.config.json; needs the app installed and your write access on GitHub. Deliberately unlike the spec (403 when the app is not installed): a repository that does not exist, that you cannot see, or that lacks the app answers one 404 with one text, so the answer never tells whether a private repository exists.',
    body: ConnectRepoBodySchema,
    responses: {
      201: { description: 'Connected', schema: OkSchema },
      400: error(
        'Not of the form owner/repo, or cms.config.json missing or invalid (the message names the first invalid path)',
      ),
      403: error('You see the repository on GitHub but lack write access'),
      404: error(
        '"Repository not found, or you cannot access it, or the app is not installed on it" (the same text for each cause)',
      ),
      409: error('Already connected'),
    },
  },
  {
    id: 'disconnectRepo',
    method: 'DELETE',
    path: '/api/repos/{repo}',
    group: 'repos',
    access: 'session',
    summary: 'Disconnect a repository',
    description:
      'Disconnects a repository (nothing in the repository changes); needs your write access on GitHub. GitHub is asked first: "not connected" is said only to a user who can see the repository.',
    responses: {
      200: { description: 'Disconnected', schema: OkSchema },
      403: error('You see the repository on GitHub but lack write access'),
      404: error(
        'Not connected; or the one "not found, or you cannot access it, or the app is not installed" answer',
      ),
    },
  },
  {
    id: 'getConfig',
    method: 'GET',
    path: '/api/repos/{repo}/config',
    group: 'repos',
    access: 'config:read',
    summary: "Get a repository's cms.config.json",
    description:
      "The repository's parsed and validated cms.config.json, as it is now on the default branch. A collection with a problem of its own is left out of `collections` and named in `problems` with its problem; the other collections work.",
    responses: {
      200: { description: 'The config', schema: RepoConfigSchema },
      401: error('Missing or invalid authentication'),
      404: error('Not connected, or not visible to you on GitHub'),
      409: error(
        'cms.config.json has been removed or made invalid since the repository was connected',
      ),
    },
  },
] as const satisfies readonly RouteDef[];
