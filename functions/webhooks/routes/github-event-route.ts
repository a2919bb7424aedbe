import { InvalidInputError } from '../../../shared/errors';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import type { WebhooksDeps } from '../deps';

type Route = Extract<RoutesOfGroup<'webhooks'>, { id: 'receiveGitHubEvent' }>;

/** GitHub's event names and delivery ids (a GUID): plain tokens, never echoed beyond that. */
const eventPattern = /^[a-z_]{1,64}$/;
const deliveryPattern = /^[A-Za-z0-9-]{1,100}$/;

/**
 * A GitHub App webhook delivery, whose signature was checked over its exact bytes before the body
 * was parsed (the row's `rawBody`, verified by the group: app.ts); then the event (github-events.ts).
 */
export const receiveGitHubEvent: RouteFn<Route, WebhooksDeps> = async ({ headers, body }, deps) => {
  const event = headers['x-github-event'] ?? '';
  const delivery = headers['x-github-delivery'] ?? '';
  if (!eventPattern.test(event))
    throw new InvalidInputError(
      'X-GitHub-Event: must be an event name (lowercase letters and "_")',
    );
  if (!deliveryPattern.test(delivery))
    throw new InvalidInputError(
      'X-GitHub-Delivery: must be the delivery id (letters, digits and "-")',
    );
  const outcome = await deps.githubEvents.apply(event, delivery, body);
  return { status: 202, body: { event, outcome } };
};
