import { useState, type FormEvent } from 'react';
import { webhookEvents } from '../../../../shared/webhooks/webhook-events';
import { eventWords } from './webhook-words';

const choosable = webhookEvents.filter((event) => event !== 'ping');

/**
 * A new subscription: the receiver's https address and the events it gets, each with its meaning.
 * Add stays disabled until both are given, and says so beside it.
 */
export function WebhookForm({
  full,
  onAdd,
}: {
  /** At the limit of 10: the form says so instead of offering Add. */
  full: boolean;
  onAdd(input: { url: string; events: string[] }): Promise<boolean>;
}) {
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const toggle = (name: string) =>
    setEvents((chosen) =>
      chosen.includes(name) ? chosen.filter((entry) => entry !== name) : [...chosen, name],
    );
  const reason = full
    ? 'This repository has 10 webhooks, the most it may have: delete one to add another.'
    : !url.trim()
      ? 'Enter the address to send to, then choose at least one event.'
      : events.length === 0
        ? 'Choose at least one event to send.'
        : undefined;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason) return;
    setBusy(true);
    try {
      if (await onAdd({ url: url.trim(), events })) {
        setUrl('');
        setEvents([]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="section token-form" onSubmit={submit} aria-labelledby="new-webhook-title">
      <h2 id="new-webhook-title">New webhook</h2>
      <div className="field">
        <label htmlFor="webhook-url" className="field-label">
          Address
        </label>
        <input
          id="webhook-url"
          type="url"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://ci.example.com/cms"
          aria-describedby="webhook-url-hint"
          spellCheck={false}
          autoComplete="off"
        />
        <p id="webhook-url-hint" className="field-hint">
          An https address on the internet; each delivery is a signed POST of JSON.
        </p>
      </div>
      <fieldset className="field">
        <legend className="field-label">Events</legend>
        <div className="permission-grid">
          {choosable.map((name) => (
            <div key={name} className="choice permission">
              <input
                id={`event-${name}`}
                type="checkbox"
                checked={events.includes(name)}
                onChange={() => toggle(name)}
                aria-describedby={`event-${name}-name`}
              />
              <span>
                <label htmlFor={`event-${name}`}>{eventWords[name]}</label>
                <code id={`event-${name}-name`} className="muted small block">
                  {name}
                </code>
              </span>
            </div>
          ))}
        </div>
      </fieldset>
      <button
        type="submit"
        className="button primary"
        disabled={reason !== undefined || busy}
        aria-describedby={reason ? 'webhook-add-reason' : undefined}
      >
        {busy ? 'Adding…' : 'Add webhook'}
      </button>
      {reason && (
        <p id="webhook-add-reason" className="field-hint">
          {reason}
        </p>
      )}
    </form>
  );
}
