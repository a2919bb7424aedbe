import { useState } from 'react';
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
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Dialog } from '../ui/dialog';
import { EmptyState, ErrorMessage, Loading } from '../ui/states';
import { WebhookForm } from './webhook-form';
import { WebhookRow } from './webhook-row';
import { deliveryOutcome } from './webhook-words';

/** The most subscriptions a repository may have (the service refuses an 11th). */
const maxWebhooks = 10;

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
  const [created, setCreated] = useState<WebhookCreated | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const [note, setNote] = useState<Record<string, string>>({});
  const [open, setOpen] = useState<{ id: string; deliveries: Delivery[] } | undefined>();
  const [deleting, setDeleting] = useState<Webhook | undefined>();

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
  const { webhooks, githubPushes } = hooks.data.list;

  /** Runs `work`, showing its failure above the list; answers whether it succeeded. */
  const attempt = async (work: () => Promise<unknown>): Promise<boolean> => {
    setProblem(undefined);
    try {
      await work();
      return true;
    } catch (cause) {
      setProblem((cause as Error).message);
      return false;
    }
  };
  const test = (hook: Webhook) =>
    attempt(async () => {
      setNote((notes) => ({ ...notes, [hook.id]: 'Sending a test…' }));
      const result = await testWebhook(repo, hook.id);
      setNote((notes) => ({ ...notes, [hook.id]: `Test: ${deliveryOutcome(result)}` }));
    });
  const show = (hook: Webhook) =>
    open?.id === hook.id
      ? setOpen(undefined)
      : void attempt(async () =>
          setOpen({ id: hook.id, deliveries: (await listDeliveries(repo, hook.id)).deliveries }),
        );
  const closeSecret = () => {
    setCreated(undefined);
    hooks.reload();
  };

  return (
    <div className="page webhooks-page">
      <div className="page-header">
        <h1>Webhooks</h1>
      </div>
      <p className="muted">
        A webhook sends each change of {repo} you choose, signed, to another service: a site build,
        a chat channel, a search index. A repository may have up to {maxWebhooks}.
      </p>
      <p className="muted small" data-testid="github-pushes">
        {pushesLine(githubPushes)}
      </p>
      {problem && <ErrorMessage error={problem} />}
      <section className="section" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Sending to</h2>
        {webhooks.length === 0 ? (
          <EmptyState title="No webhook yet">Add one below to send changes elsewhere.</EmptyState>
        ) : (
          <ul className="card-list">
            {webhooks.map((hook) => (
              <WebhookRow
                key={hook.id}
                hook={hook}
                note={note[hook.id]}
                deliveries={open?.id === hook.id ? open.deliveries : undefined}
                onTest={() => void test(hook)}
                onShowDeliveries={() => show(hook)}
                onDelete={() => setDeleting(hook)}
              />
            ))}
          </ul>
        )}
      </section>
      <WebhookForm
        full={webhooks.length >= maxWebhooks}
        onAdd={(input) =>
          attempt(async () => setCreated(await createWebhook(repo, input.url, input.events)))
        }
      />
      {deleting && (
        <ConfirmDialog
          title="Delete this webhook?"
          confirmLabel="Delete"
          tone="danger"
          onCancel={() => setDeleting(undefined)}
          onConfirm={async () => {
            await deleteWebhook(repo, deleting.id);
            setDeleting(undefined);
            if (open?.id === deleting.id) setOpen(undefined);
            hooks.reload();
          }}
        >
          Nothing more is sent to <code>{deleting.url}</code>, and its delivery log goes with it.
        </ConfirmDialog>
      )}
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
            Copy the signing secret now: this is the only time it is shown. The receiver checks each
            delivery&apos;s signature with it; to change it, delete the webhook and add it again.
          </p>
          <label htmlFor="webhook-secret" className="field-label">
            Signing secret
          </label>
          <input
            id="webhook-secret"
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
