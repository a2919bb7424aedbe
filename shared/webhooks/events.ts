import type { ActivityRecord } from '../activity/activity-schemas';
import type { WebhookEvent } from './webhook-schemas';

/** The webhook event of each write the audit log records (route ids of the route table); others send none. */
export const eventOfAction: Readonly<Record<string, WebhookEvent>> = {
  putContent: 'content.saved',
  duplicateContent: 'content.saved',
  createTranslation: 'content.saved',
  deleteContent: 'content.deleted',
  deleteContentItems: 'content.deleted',
  renameContent: 'content.renamed',
  createPull: 'pull.opened',
  updatePull: 'pull.updated',
  rebasePull: 'pull.updated',
  markPullReady: 'pull.updated',
  markPullInProgress: 'pull.updated',
  requestReviewers: 'pull.updated',
  mergePull: 'pull.merged',
  closePull: 'pull.closed',
  createComment: 'pull.commented',
  createReview: 'pull.commented',
  createSchedule: 'schedule.created',
  reschedule: 'schedule.changed',
  cancelSchedule: 'schedule.changed',
  scheduledPublish: 'schedule.ran',
  scheduledUnpublish: 'schedule.ran',
  commitMedia: 'media.uploaded',
  deleteMediaFile: 'media.deleted',
};

/** The event a recorded write makes, or undefined: no repository, not a 2xx, or an action without one. */
export function eventOfRecord(
  record: Pick<ActivityRecord, 'action' | 'repo' | 'status'>,
): WebhookEvent | undefined {
  if (record.repo === undefined || record.status < 200 || record.status >= 300) return undefined;
  return eventOfAction[record.action];
}
