/**
 * The events a webhook subscription may name. A module of its own, without zod, so the editor's
 * webhooks page can list them without pulling schemas into the chunks every screen shares.
 */
export const webhookEvents = [
  'content.saved',
  'content.deleted',
  'content.renamed',
  'pull.opened',
  'pull.updated',
  'pull.merged',
  'pull.closed',
  'pull.commented',
  'schedule.created',
  'schedule.changed',
  'schedule.ran',
  'media.uploaded',
  'media.deleted',
  'ping',
] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
