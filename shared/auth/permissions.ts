/** What an API token may do; a browser session may do all of it (within the provider's own access). */
export const permissions = [
  'content:read',
  'content:write',
  'content:delete',
  'content:publish',
  'config:read',
  'repos:read',
] as const;
export type Permission = (typeof permissions)[number];
