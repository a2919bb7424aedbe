import { InvalidInputError } from '../errors';
import type { CollectionConfig } from './config-schema';
import type { SaveMode } from './schemas';

/** A locked collection takes only its own mode; an unlocked one takes either. */
export function assertModeAllowed(
  collectionName: string,
  collection: CollectionConfig,
  mode: SaveMode,
): void {
  const workflow = collection.workflow;
  if (!workflow?.locked) return;
  const allowed: SaveMode = workflow.default === 'pr' ? 'branch' : 'direct';
  if (mode !== allowed) {
    throw new InvalidInputError(
      `mode: collection ${collectionName} is locked to ${workflow.default === 'pr' ? 'draft branches and pull requests' : 'direct commits'}; send mode "${allowed}"`,
    );
  }
}
