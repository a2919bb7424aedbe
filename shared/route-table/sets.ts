import * as z from 'zod/mini';

import {
  ChangeSetSchema,
  CreateSetBodySchema,
  CreateSetResultSchema,
  RemoveSetItemResultSchema,
} from '../pulls/set-schemas';
import type { RouteDef } from '../http/route-def';
import { error } from './error-response';

/**
 * Change sets (an addition): a named change request on `cms/_sets/{name}` holding items of any
 * collections, published together. Served by the pulls group; a set's pull request is read,
 * diffed, commented, updated, rebased, published and closed with the pulls rows.
 */
export const setsRoutes = [
  {
    id: 'createSet',
    method: 'POST',
    path: '/api/repos/{repo}/sets',
    group: 'pulls',
    access: 'content:write',
    summary: 'Start a change set: several items in one review, published together',
    description:
      "An addition: creates the branch `cms/_sets/{name}` from the default branch's head (with one empty commit, since GitHub opens no pull request without one) and its pull request, in progress. Save, delete and rename items of any collections into it with `set: name`; read, diff, comment, update, rebase, publish (one squash merge) and close it with the pulls routes and its `number`. A set holds at most 100 items; an item is in one set or one draft at a time.",
    body: CreateSetBodySchema,
    responses: {
      200: { description: 'Created', schema: CreateSetResultSchema },
      400: error('A name that is not 1 to 64 lowercase letters, digits and "-"; a blank title'),
      404: error('Repository not connected'),
      409: error(
        'A change set of that name exists already (choose another name, or publish or close it); the default branch has no commits',
      ),
    },
  },
  {
    id: 'listSets',
    method: 'GET',
    path: '/api/repos/{repo}/sets',
    group: 'pulls',
    access: 'content:read',
    summary: 'List open change sets with the items each holds',
    description:
      'An addition: open pull requests of `cms/_sets/*` branches of this repository into the default branch (also listed by GET pulls, with `set`), each with the items it edits, creates, renames or deletes. One GitHub round trip.',
    responses: {
      200: { description: 'Open change sets', schema: z.array(ChangeSetSchema) },
      404: error('Repository not connected'),
    },
  },
  {
    id: 'removeSetItem',
    method: 'DELETE',
    path: '/api/repos/{repo}/sets/{name}/items/{collection}/{slug}',
    group: 'pulls',
    access: 'content:write',
    summary: 'Take an item out of a change set',
    description:
      "An addition: each of the item's files the set changes (both paths of a rename) goes back, on the set's branch, to the version of the set's merge base with the default branch (or away when it had none), in one commit. The item may then be saved as its own draft or into another set. Media files the set added for the item stay on the set's branch: remove the item's references and they count as foreign files (delete them on GitHub), or keep them referenced by another item.",
    responses: {
      200: { description: 'Removed', schema: RemoveSetItemResultSchema },
      400: error('A set name, collection or slug that is not valid'),
      404: error('No such change set, or the item is not in it'),
      409: error('The set changed meanwhile (another save landed first): try again'),
    },
  },
] as const satisfies readonly RouteDef[];
