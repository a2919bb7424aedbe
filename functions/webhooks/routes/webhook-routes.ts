import { ForbiddenError, NotFoundError } from '../../../shared/errors';
import type { Caller } from '../../../shared/auth/caller';
import { signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';
import { newDeliveryId } from '../../../shared/webhooks/dispatch';
import type { WebhookPayload } from '../../../shared/webhooks/webhook-schemas';
import type { WebhooksDeps } from '../deps';

type Route<Id> = Extract<RoutesOfGroup<'webhooks'>, { id: Id }>;

/** Webhooks send the repository's changes elsewhere: managing them needs push access on GitHub. */
async function requirePush(caller: Caller, repo: string, deps: WebhooksDeps) {
  const user = signedIn(caller);
  const permissions = await deps.permissions(user.userId, repo);
  if (!permissions.push) throw new ForbiddenError('Managing webhooks needs push access to this repository');
  return user;
}

export const listWebhooks: RouteFn<Route<'listWebhooks'>, WebhooksDeps> = async ({ caller, params }, deps) => {
  await requirePush(caller, params.repo, deps);
  const [webhooks, githubPushes] = await Promise.all([deps.subscriptions.list(params.repo), deps.pushStatus(params.repo)]);
  return { status: 200, body: { webhooks, githubPushes } };
};

export const createWebhook: RouteFn<Route<'createWebhook'>, WebhooksDeps> = async ({ caller, params, body }, deps) => {
  const user = await requirePush(caller, params.repo, deps);
  return { status: 201, body: await deps.subscriptions.create(params.repo, body, user.login) };
};

export const deleteWebhook: RouteFn<Route<'deleteWebhook'>, WebhooksDeps> = async ({ caller, params }, deps) => {
  await requirePush(caller, params.repo, deps);
  return { status: 200, body: await deps.subscriptions.remove(params.repo, params.hookId) };
};

export const testWebhook: RouteFn<Route<'testWebhook'>, WebhooksDeps> = async ({ caller, params }, deps) => {
  const user = await requirePush(caller, params.repo, deps);
  const hook = await deps.subscriptions.get(params.repo, params.hookId);
  const id = newDeliveryId();
  const at = new Date(deps.now()).toISOString();
  const payload: WebhookPayload = { id, event: 'ping', repo: params.repo, occurredAt: at, actor: { login: user.login, via: user.kind } };
  const { delivery } = await deps.deliverer.attempt({ repo: params.repo, hookId: hook.id, deliveryId: id, event: 'ping', payload: JSON.stringify(payload), createdAt: at, attempt: 1 }, { retries: false });
  // Deleted between the read and the attempt: nothing was sent.
  if (!delivery) throw new NotFoundError(`No webhook ${hook.id} in this repository`);
  return { status: 200, body: delivery };
};

export const listWebhookDeliveries: RouteFn<Route<'listWebhookDeliveries'>, WebhooksDeps> = async ({ caller, params }, deps) => {
  await requirePush(caller, params.repo, deps);
  const hook = await deps.subscriptions.get(params.repo, params.hookId);
  return { status: 200, body: { deliveries: await deps.deliveries.latest(hook.id) } };
};
