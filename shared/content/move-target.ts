import type { BranchState } from '../ports/git-host';
import type { SaveMode } from './schemas';

/**
 * Where a rename or duplicate commits (content-moves.ts): the default branch, the new slug's draft
 * branch (created by the move), or a change set's branch, which exists and is committed on at
 * the head it was read at.
 */
export type MoveTarget =
  | { kind: 'default' }
  | { kind: 'draft'; branch: string }
  | { kind: 'set'; branch: string; name: string; head: BranchState };

/** The branch the move's answer names: none for the default branch. */
export const branchOf = (target: MoveTarget) =>
  target.kind === 'default' ? undefined : target.branch;

/** What the commit message's summary line adds after the move. */
export const noteOf = (target: MoveTarget) =>
  target.kind === 'set'
    ? ` (change set ${target.name})`
    : target.kind === 'draft'
      ? ' (draft)'
      : '';

/** A set's branch as read, else the new slug's draft for `mode: branch`, else the default branch. */
export const moveTarget = (read: MoveTarget, mode: SaveMode, targetDraft: string): MoveTarget =>
  read.kind === 'set'
    ? read
    : mode === 'branch'
      ? { kind: 'draft', branch: targetDraft }
      : { kind: 'default' };
