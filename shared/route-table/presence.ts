import type { RouteDef } from '../http/route-def';
import {
  CollectionPresenceSchema,
  PresenceBeatBodySchema,
  PresenceBeatResultSchema,
} from '../presence/presence-schemas';
import { OkSchema } from '../schemas';
import { error } from './error-response';

const who =
  'Presence is soft: it never locks an item or refuses a save, and it needs the same access as reading the items (`content:read`, and read access to the repository on GitHub), so a token scoped to other repositories sees none.';

const refusals = {
  404: error('Repository not connected, not visible to you on GitHub, or collection not found'),
  409: error('cms.config.json has been removed or made invalid since the repository was connected'),
} as const;

/**
 * Presence rows (an addition to the spec): who else has an item open. Served by the content
 * group: each call reads the collection as a list does (the caller's access, the tree with its
 * versions, through the same push-freshness records), which only that group wires.
 */
export const presenceRoutes = [
  {
    id: 'beatPresence',
    method: 'PUT',
    path: '/api/repos/{repo}/presence/{collection}/{slug}',
    group: 'content',
    access: 'content:read',
    readAhead: 'collectionTree',
    activity: false,
    summary: 'Say you have an item open, and see who else has',
    description:
      "An addition to the spec: a heartbeat of an open editor, sent when the item opens and every `heartbeatSeconds` (30) while it stays open and visible. It names the version being edited (`sha`, and `branch` when it was read from a draft branch) and answers everyone else with the item open, and whether the item's file on the default branch is still that version: `changed` means someone saved a newer one, so a save from this version will need merging. Without another heartbeat the caller drops out after `expiresInSeconds` (90). Heartbeats are not recorded in the activity log. " +
      who,
    body: PresenceBeatBodySchema,
    responses: {
      200: {
        description: 'Who else has the item open, and whether its file changed',
        schema: PresenceBeatResultSchema,
      },
      400: error(
        'Not a valid collection name or slug; `sha` is not a git object id; `branch` is empty or over 255 characters',
      ),
      ...refusals,
    },
  },
  {
    id: 'leavePresence',
    method: 'DELETE',
    path: '/api/repos/{repo}/presence/{collection}/{slug}',
    group: 'content',
    access: 'content:read',
    readAhead: 'collectionTree',
    activity: false,
    summary: 'Say you closed an item',
    description:
      'An addition to the spec: the caller no longer has the item open, so others stop seeing them at once instead of after the heartbeat expires. Answers 200 whether or not a heartbeat was recorded. ' +
      who,
    responses: {
      200: { description: 'No longer listed', schema: OkSchema },
      400: error('Not a valid collection name or slug'),
      ...refusals,
    },
  },
  {
    id: 'listPresence',
    method: 'GET',
    path: '/api/repos/{repo}/presence/{collection}',
    group: 'content',
    access: 'content:read',
    readAhead: 'collectionTree',
    summary: "List who has a collection's items open",
    description:
      "An addition to the spec: everyone else with one of the collection's items open (a heartbeat within the last 90 seconds), for the collection's list. " +
      who,
    responses: {
      200: { description: 'Who has which item open', schema: CollectionPresenceSchema },
      400: error('Not a valid collection name'),
      ...refusals,
    },
  },
] as const satisfies readonly RouteDef[];
