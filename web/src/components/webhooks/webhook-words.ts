import type { Delivery } from '../../api/webhooks';

/**
 * Each event a subscription may choose, in words (which writes make it: shared/webhooks/events.ts).
 * `ping` is the test delivery, sent by Send a test only.
 */
export const eventWords: Readonly<Record<string, string>> = {
  'content.saved': 'An item is saved, published or to a change request, or duplicated',
  'content.deleted': 'An item is deleted',
  'content.renamed': 'An item is renamed',
  'pull.opened': 'A change request is opened',
  'pull.updated': 'A change request changes: a new save, ready for review, reviewers asked',
  'pull.merged': 'A change request is published',
  'pull.closed': 'A change request is closed without publishing',
  'pull.commented': 'Someone comments on or reviews a change request',
  'schedule.created': 'A publish or unpublish is scheduled',
  'schedule.changed': 'A schedule is moved or cancelled',
  'schedule.ran': 'A scheduled publish or unpublish runs',
  'media.uploaded': 'A file is uploaded to the media library',
  'media.deleted': 'A file is deleted from the media library',
  ping: 'The test delivery',
};

const answered = (delivery: Delivery) =>
  delivery.responseStatus !== undefined
    ? `the receiver answered ${delivery.responseStatus}`
    : delivery.error
      ? delivery.error
      : 'no answer';

/** A delivery's state as a sentence: what happened and what happens next. */
export function deliveryOutcome(delivery: Delivery): string {
  switch (delivery.state) {
    case 'delivered':
      return `Delivered: ${answered(delivery)}.`;
    case 'pending':
      return 'Waiting to be sent.';
    case 'retrying':
      return `Not delivered yet (${answered(delivery)}); it will be tried again.`;
    case 'dead':
      return `Given up after ${delivery.attempt} attempts (${answered(delivery)}).`;
  }
}
