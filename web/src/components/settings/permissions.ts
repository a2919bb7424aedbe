import type { Permission } from '../../../../shared/auth/permissions';

/** Each permission with what it lets a token do, in the spec's words. */
export const permissionInfo: readonly { value: Permission; label: string; meaning: string }[] = [
  {
    value: 'content:read',
    label: 'Read content',
    meaning: 'List and read items; view change requests and their changes.',
  },
  {
    value: 'content:write',
    label: 'Write content',
    meaning: 'Create and update items; open, update, rebase and close change requests.',
  },
  { value: 'content:delete', label: 'Delete content', meaning: 'Delete items.' },
  {
    value: 'content:publish',
    label: 'Publish',
    meaning: 'Publish change requests: merge them into the main branch.',
  },
  { value: 'config:read', label: 'Read configuration', meaning: 'Read cms.config.json.' },
  { value: 'repos:read', label: 'List repositories', meaning: 'List the connected repositories.' },
];

export const expiryPresets: readonly { label: string; seconds: number | null }[] = [
  { label: '7 days', seconds: 7 * 86_400 },
  { label: '30 days', seconds: 30 * 86_400 },
  { label: '90 days', seconds: 90 * 86_400 },
  { label: '1 year', seconds: 365 * 86_400 },
  { label: 'Never', seconds: null },
];
