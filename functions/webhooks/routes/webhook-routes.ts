import { NotFoundError } from '../../../shared/errors';
import type { Caller } from '../../../shared/auth/caller';
import { signedIn } from '../../../shared/http/signed-in';
import type { RouteFn } from '../../../shared/http/types';
import { requireRole } from '../../../shared/repos/github-role';
import type { RoutesOfGroup } from '../../../shared/routes';
import { deliveryAsSeen } from '../../../shared/webhooks/delivery-log';
import { newDeliveryId } from '../../../shared/webhooks/dispatch';
import type { WebhookPayload } from '../../../shared/webhooks/webhook-schemas';
import type { WebhooksDeps } from '../deps';

type Route<Id> = Extract<RoutesOfGroup<'webhooks'>, { id: Id }>;

/**
 * Webhooks send the repository's changes elsewhere and show what receivers answered: managing
 * them needs the role on GitHub the route's row declares (one provider round trip, which these
 * routes made before too). Whether the caller is an admin decides if receivers' answers are shown.
 */
async function requireManager(
  request: { caller: Caller; params: { repo: string }; route: { githubRole: 'maintain' } },
  deps: WebhooksDeps,
) {
  const user = signedIn(request.caller);
  const permissions = await deps.permissions(user.userId, request.params.repo);
  requireRole({
    permissions,
    role: request.route.githubRole,
    repo: request.params.repo,
    doing: 'Managing webhooks',
  });
  return { user, admin: permissions.admin };
}

export const listWebhooks: RouteFn<Route<'listWebhooks'>, WebhooksDeps> = async (request, deps) => {
  const { params } = request;
  await requireManager(request, deps);
  const [webhooks, githubPushes] = await Promise.all([
    deps.subscriptions.list(params.repo),
    deps.pushStatus(params.repo),
  ]);
  return { status: 200, body: { webhooks, githubPushes } };
};

export const createWebhook: RouteFn<Route<'createWebhook'>, WebhooksDeps> = async (
  request,
  deps,
) => {
  const { params, body } = request;
  const { user } = await requireManager(request, deps);
  return {
    status: 201,
    body: await deps.subscriptions.create({
      repo: params.repo,
      input: body,
      createdBy: user.login,
    }),
  };
};

export const deleteWebhook: RouteFn<Route<'deleteWebhook'>, WebhooksDeps> = async (
  request,
  deps,
) => {
  const { params } = request;
  await requireManager(request, deps);
  return { status: 200, body: await deps.subscriptions.remove(params.repo, params.hookId) };
};

export const testWebhook: RouteFn<Route<'testWebhook'>, WebhooksDeps> = async (request, deps) => {
  const { params } = request;
  const { user, admin } = await requireManager(request, deps);
  const hook = await deps.subscriptions.get(params.repo, params.hookId);
  const id = newDeliveryId();
  const at = new Date(deps.now()).toISOString();
  const payload: WebhookPayload = {
    id,
    event: 'ping',
    repo: params.repo,
    occurredAt: at,
    actor: { login: user.login, via: user.kind },
  };
  const { delivery } = await deps.deliverer.attempt(
    {
      repo: params.repo,
      hookId: hook.id,
      deliveryId: id,
      event: 'ping',
      payload: JSON.stringify(payload),
      createdAt: at,
      attempt: 1,
    },
    { retries: false },
  );
  // Deleted between the read and the attempt: nothing was sent.
  if (!delivery) throw new NotFoundError(`No webhook ${hook.id} in this repository`);
  return { status: 200, body: deliveryAsSeen({ delivery, admin }) };
};

export const listWebhookDeliveries: RouteFn<Route<'listWebhookDeliveries'>, WebhooksDeps> = async (
  request,
  deps,
) => {
  const { params } = request;
  const { admin } = await requireManager(request, deps);
  const hook = await deps.subscriptions.get(params.repo, params.hookId);
  const deliveries = await deps.deliveries.latest(hook.id);
  return {
    status: 200,
    body: { deliveries: deliveries.map((delivery) => deliveryAsSeen({ delivery, admin })) },
  };
};
