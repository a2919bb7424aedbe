import type { Delivery, Webhook } from '../../api/webhooks';
import { formatDateTime } from '../../lib/format';
import { deliveryOutcome, eventWords } from './webhook-words';

interface WebhookRowProps {
  hook: Webhook;
  /** The last test's outcome, or "Sending…". */
  note?: string;
  /** Its last deliveries, when opened. */
  deliveries?: Delivery[];
  onTest(): void;
  onShowDeliveries(): void;
  onDelete(): void;
}

/** One subscription: where it sends, which events (in words), its actions and, opened, its deliveries. */
export function WebhookRow({
  hook,
  note,
  deliveries,
  onTest,
  onShowDeliveries,
  onDelete,
}: WebhookRowProps) {
  return (
    <li className="card webhook-card" data-testid="webhook-row">
      <div className="webhook-target">
        <code className="webhook-url">{hook.url}</code>
        <ul className="webhook-events" aria-label={`Events sent to ${hook.url}`}>
          {hook.events.map((event) => (
            <li key={event}>
              {eventWords[event] ?? event} <code className="muted small">{event}</code>
            </li>
          ))}
        </ul>
        <p className="muted small">
          Added by @{hook.createdBy} {formatDateTime(hook.createdAt)}
        </p>
      </div>
      <div className="webhook-actions">
        <button
          type="button"
          className="button small"
          onClick={onTest}
          aria-label={`Send a test to ${hook.url}`}
        >
          Send a test
        </button>
        <button
          type="button"
          className="button small"
          onClick={onShowDeliveries}
          aria-label={`Show the last deliveries to ${hook.url}`}
          aria-expanded={deliveries !== undefined}
        >
          Last deliveries
        </button>
        <button
          type="button"
          className="button small danger"
          onClick={onDelete}
          aria-label={`Delete the webhook to ${hook.url}`}
        >
          Delete
        </button>
      </div>
      {note && (
        <p role="status" className="small webhook-note">
          {note}
        </p>
      )}
      {deliveries && (
        <div className="webhook-deliveries">
          {deliveries.length === 0 ? (
            <p className="muted small">Nothing has been sent to this address yet.</p>
          ) : (
            <table className="delivery-table">
              <caption className="visually-hidden">Last deliveries to {hook.url}</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Event</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Took</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((delivery) => (
                  <tr key={delivery.id} data-testid="delivery-row">
                    <td>
                      <time dateTime={delivery.createdAt}>
                        {formatDateTime(delivery.createdAt)}
                      </time>
                    </td>
                    <td>
                      <code>{delivery.event}</code>
                    </td>
                    <td>
                      {deliveryOutcome(delivery)}
                      {delivery.attempt > 1 && delivery.state !== 'dead' && (
                        <span className="muted small"> Attempt {delivery.attempt}.</span>
                      )}
                    </td>
                    <td>{delivery.durationMs !== undefined ? `${delivery.durationMs} ms` : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </li>
  );
}
