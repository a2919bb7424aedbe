import { useState, type FormEvent } from 'react';
import { webhookEvents } from '../../../../shared/webhooks/webhook-events';
import { ApiError } from '../../api/client';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  testWebhook,
  type Delivery,
  type Webhook,
  type WebhookCreated,
  type WebhookList,
} from '../../api/webhooks';
import { formatDateTime } from '../../lib/format';
import { useAsync } from '../../lib/use-async';
import { useRepo } from '../repos/repo-context';
import { Dialog } from '../ui/dialog';
import { EmptyState, ErrorMessage, Loading } from '../ui/states';

const choosable = webhookEvents.filter((event) => event !== 'ping');
const outcome = (delivery: Delivery) =>
  `${delivery.event}: ${delivery.state}${delivery.responseStatus !== undefined ? ` (${delivery.responseStatus})` : delivery.error ? ` (${delivery.error})` : ''}`;

/** The other direction, GitHub's push deliveries to this service, in words (docs/api-guide.md, "Fresh lists from push webhooks"). */
function pushesLine(pushes: { lastDeliveryAt: string | null; inUse: boolean }): string {
  if (!pushes.lastDeliveryAt)
    return 'No push delivery from GitHub yet: every list of this repository reads GitHub.';
  const last = `GitHub last delivered a push ${formatDateTime(pushes.lastDeliveryAt)}`;
  return pushes.inUse
    ? `${last}: lists answer from the service's records until the next one.`
    : `${last}, but a later push came without one: every list reads GitHub until deliveries resume.`;
}

/** The list, or why the caller may not see it: only admins and maintainers on GitHub manage webhooks (a 403 that retrying will not change). */
const listOrRefusal = (repo: string): Promise<{ list: WebhookList } | { refusal: string }> =>
  listWebhooks(repo).then(
    (list) => ({ list }),
    (cause: unknown) => {
      if (cause instanceof ApiError && cause.status === 403) return { refusal: cause.message };
      throw cause;
    },
  );

/** The repository's webhooks: subscriptions, a test delivery, the last deliveries (docs/api-guide.md, Webhooks). */
export function WebhooksPage() {
  const { repo } = useRepo();
  const hooks = useAsync(() => listOrRefusal(repo), `webhooks:${repo}`);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [created, setCreated] = useState<WebhookCreated | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [note, setNote] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<{ id: string; deliveries: Delivery[] } | undefined>();

  if (hooks.status === 'error' && !hooks.data)
    return <ErrorMessage error={hooks.error} onRetry={hooks.retry} />;
  if (!hooks.data) return <Loading label="Loading the webhooks…" />;
  if ('refusal' in hooks.data) {
    return (
      <div className="page webhooks-page">
        <div className="page-header">
          <h1>Webhooks</h1>
        </div>
        <EmptyState title="Webhooks are managed by the repository's admins and maintainers">
          <p data-testid="webhooks-refusal">{hooks.data.refusal}</p>
          <p>Ask an admin of {repo} on GitHub to add or change a webhook.</p>
        </EmptyState>
      </div>
    );
  }

  const attempt = async (work: () => Promise<unknown>) => {
    setProblem(undefined);
    try {
      await work();
    } catch (cause) {
      setProblem((cause as Error).message);
    }
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      setCreated(await createWebhook(repo, url, events));
      setUrl('');
      setEvents([]);
    });
  };
  const toggle = (name: string) =>
    setEvents((chosen) =>
      chosen.includes(name) ? chosen.filter((entry) => entry !== name) : [...chosen, name],
    );
  const test = (hook: Webhook) =>
    attempt(async () => {
      setNote((notes) => ({ ...notes, [hook.id]: 'Sending…' }));
      const result = await testWebhook(repo, hook.id);
      setNote((notes) => ({ ...notes, [hook.id]: outcome(result) }));
    });
  const show = (hook: Webhook) =>
    attempt(async () =>
      setOpen({ id: hook.id, deliveries: (await listDeliveries(repo, hook.id)).deliveries }),
    );
  const remove = (hook: Webhook) =>
    attempt(async () => {
      await deleteWebhook(repo, hook.id);
      hooks.reload();
    });
  const closeSecret = () => {
    setCreated(undefined);
    hooks.reload();
  };

  return (
    <div className="page webhooks-page">
      <div className="page-header">
        <h1>Webhooks</h1>
      </div>
      <p className="muted small">
        Each change of {repo} of the chosen kinds is sent, signed, to these addresses (at most 10).
      </p>
      <p className="muted small" data-testid="github-pushes">
        {pushesLine(hooks.data.list.githubPushes)}
      </p>
      {problem && (
        <p role="alert" className="error">
          {problem}
        </p>
      )}
      <ul className="webhook-list">
        {hooks.data.list.webhooks.map((hook) => (
          <li key={hook.id} data-testid="webhook-row">
            <code>{hook.url}</code> <span className="muted small">{hook.events.join(', ')}</span>{' '}
            <button type="button" className="button" onClick={() => void test(hook)}>
              Send test
            </button>{' '}
            <button type="button" className="button" onClick={() => void show(hook)}>
              Deliveries
            </button>{' '}
            <button type="button" className="button danger" onClick={() => void remove(hook)}>
              Delete
            </button>
            {note[hook.id] && (
              <p role="status" className="small">
                {note[hook.id]}
              </p>
            )}
            {open?.id === hook.id && (
              <table className="delivery-table">
                <tbody>
                  {open.deliveries.length === 0 && (
                    <tr>
                      <td>No deliveries yet.</td>
                    </tr>
                  )}
                  {open.deliveries.map((delivery) => (
                    <tr key={delivery.id} data-testid="delivery-row">
                      <td>
                        <time dateTime={delivery.createdAt}>
                          {formatDateTime(delivery.createdAt)}
                        </time>
                      </td>
                      <td>{delivery.event}</td>
                      <td>{delivery.state}</td>
                      <td>{delivery.responseStatus ?? delivery.error ?? ''}</td>
                      <td>
                        {delivery.durationMs !== undefined ? `${delivery.durationMs} ms` : ''}
                      </td>
                      <td>attempt {delivery.attempt}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </li>
        ))}
      </ul>
      <form onSubmit={add} className="webhook-form">
        <label htmlFor="webhook-url">URL</label>
        <input
          id="webhook-url"
          type="url"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://"
        />
        <fieldset>
          <legend>Events</legend>
          {choosable.map((name) => (
            <label key={name} className="small">
              <input
                type="checkbox"
                checked={events.includes(name)}
                onChange={() => toggle(name)}
              />{' '}
              {name}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button primary" disabled={!url || events.length === 0}>
          Add webhook
        </button>
      </form>
      {created && (
        <Dialog
          title="Webhook added"
          onClose={closeSecret}
          actions={
            <button type="button" className="button primary" onClick={closeSecret}>
              Done
            </button>
          }
        >
          <p>
            Copy the signing secret now: this is the only time it is shown. Receivers check each
            delivery with it (docs/api-guide.md, Webhooks).
          </p>
          <input
            readOnly
            value={created.secret}
            className="secret"
            data-testid="webhook-secret"
            spellCheck={false}
            onFocus={(event) => event.target.select()}
          />
        </Dialog>
      )}
    </div>
  );
}
