import type { WorkflowConfig } from '../../../shared/content/config-schema';

/**
 * `publish` commits to the default branch (directly, or by merging the open draft); `draft` saves to
 * the draft branch; `set` saves into a change set (the one the item is in, or the one chosen).
 */
export type SaveAction = 'publish' | 'draft' | 'set';

export interface SaveButtons {
  primary: SaveAction;
  secondary?: SaveAction;
}

/**
 * Which buttons the editor offers, per the collection's workflow: its default mode first; the other
 * one too unless the workflow is locked (the service would refuse it). No workflow means direct.
 */
export function saveButtons(workflow: WorkflowConfig | undefined): SaveButtons {
  const primary: SaveAction = workflow?.default === 'pr' ? 'draft' : 'publish';
  if (workflow?.locked) return { primary };
  return { primary, secondary: primary === 'draft' ? 'publish' : 'draft' };
}

export const actionLabels: Record<SaveAction, string> = {
  publish: 'Publish',
  draft: 'Save as change request',
  set: 'Save to change set',
};

/**
 * The buttons of an item a change set holds: only saving into that set (a draft of its own or a
 * direct publish would be refused, or publish around the set's review).
 */
export const setButtons: SaveButtons = { primary: 'set' };

export function pullTitle(title: string, isNew: boolean): string {
  return isNew ? `Create “${title}”` : `Update “${title}”`;
}
