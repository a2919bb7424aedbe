import { Command, InvalidArgumentError } from 'commander';
import { leaf, run } from '../lib/command';
import { CliError } from '../lib/errors';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';
import { shortTime, table } from '../lib/table';
// The zod-free list (as the editor's page uses it): the CLI takes in no schemas at run time.
import { webhookEvents, type WebhookEvent } from '../../shared/webhooks/webhook-events';
import type { Delivery } from '../../shared/webhooks/webhook-schemas';

/** What a subscription may name: every event but `ping`, which only `test` sends. */
export const subscribableEvents: readonly string[] = webhookEvents.filter(
  (event) => event !== 'ping',
);

/** `--event a b`, `--event a --event b` or `--event a,b`; an unknown name is a usage error (exit 2) before anything is sent. */
export function eventArgument(value: string, previous: string[] | undefined): string[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !subscribableEvents.includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new InvalidArgumentError(
      `unknown event ${unknown.map((name) => `"${name}"`).join(', ') || '""'}; expected one or more of: ${subscribableEvents.join(', ')}`,
    );
  }
  return [...new Set([...(previous ?? []), ...names])];
}

/** `202 in 31 ms`, `connection refused in 2 ms`: the last attempt's outcome. */
export function outcome(
  delivery: Pick<Delivery, 'responseStatus' | 'error' | 'durationMs'>,
): string {
  const what =
    delivery.responseStatus !== undefined
      ? String(delivery.responseStatus)
      : (delivery.error ?? 'no answer');
  return delivery.durationMs !== undefined ? `${what} in ${delivery.durationMs} ms` : what;
}

const answered2xx = (delivery: Pick<Delivery, 'responseStatus'>) =>
  delivery.responseStatus !== undefined &&
  delivery.responseStatus >= 200 &&
  delivery.responseStatus < 300;

const hookIdArgument = ['<hookId>', 'the webhook id (cms webhooks ls)'] as const;

const webhooksLs = (io: Io) =>
  leaf('ls', "List the repository's webhook subscriptions (never their secrets)")
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .action(
      run<[string]>(io, async (context, [repo]) => {
        const api = await context.api();
        const { webhooks } = await context.spin(
          'Loading…',
          api.call('listWebhooks', { params: { repo } }),
        );
        context.print(
          webhooks,
          () =>
            table(
              ['ID', 'URL', 'EVENTS', 'DESCRIPTION', 'CREATED'],
              webhooks.map((hook) => [
                hook.id,
                hook.url,
                hook.events.join(','),
                hook.description ?? '',
                `${shortTime(hook.createdAt)} by ${hook.createdBy}`,
              ]),
            ) || 'No webhooks.\n',
        );
      }),
    );

const webhooksAdd = (io: Io) =>
  leaf('add', 'Subscribe a URL to events of the repository; prints the signing secret, this once')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument(
      '<receiver-url>',
      'where deliveries are POSTed: an https URL (http to a loopback host in local mode)',
    )
    .requiredOption(
      '--event <event...>',
      `the events to deliver: ${subscribableEvents.join(', ')}`,
      eventArgument,
    )
    .option('--description <text>', 'a note for people: what receives this')
    .action(
      run<[string, string], { event: string[]; description?: string }>(
        io,
        async (context, [repo, url], options) => {
          const api = await context.api();
          const body = {
            url,
            events: options.event as WebhookEvent[],
            ...(options.description !== undefined && { description: options.description }),
          };
          const hook = await context.spin(
            'Subscribing…',
            api.call('createWebhook', { params: { repo }, body }),
          );
          const warning =
            'The secret is not shown again: keep it with the receiver now (delete and add the webhook to get a new one).';
          context.print(
            hook,
            () =>
              `Webhook ${hook.id} sends ${hook.events.join(', ')} to ${hook.url}\nSecret: ${hook.secret}\n${warning}\n`,
          );
          if (context.json) context.note(warning);
        },
      ),
    );

const webhooksRm = (io: Io) =>
  leaf('rm', 'Remove a webhook subscription; its queued deliveries are dropped')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument(...hookIdArgument)
    .action(
      run<[string, string]>(io, async (context, [repo, hookId]) => {
        const api = await context.api();
        const hook = await context.spin(
          'Removing…',
          api.call('deleteWebhook', { params: { repo, hookId } }),
        );
        context.print(hook, () => `Webhook ${hook.id} (${hook.url}) is removed\n`);
      }),
    );

const webhooksTest = (io: Io) =>
  leaf('test', 'Send a ping to the webhook now, once; exits 1 unless the receiver answers 2xx')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument(...hookIdArgument)
    .action(
      run<[string, string]>(io, async (context, [repo, hookId]) => {
        const api = await context.api();
        const delivery = await context.spin(
          'Sending a ping…',
          api.call('testWebhook', { params: { repo, hookId } }),
        );
        context.print(
          delivery,
          () => `ping ${delivery.id}: ${delivery.state}, ${outcome(delivery)}\n`,
        );
        if (!answered2xx(delivery))
          throw new CliError(`The receiver did not answer 2xx (${outcome(delivery)})`);
      }),
    );

const webhooksDeliveries = (io: Io) =>
  leaf('deliveries', "The webhook's last 20 deliveries, newest first")
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument(...hookIdArgument)
    .action(
      run<[string, string]>(io, async (context, [repo, hookId]) => {
        const api = await context.api();
        const { deliveries } = await context.spin(
          'Loading…',
          api.call('listWebhookDeliveries', { params: { repo, hookId } }),
        );
        const row = (delivery: Delivery) => [
          shortTime(delivery.lastAttemptAt ?? delivery.createdAt),
          delivery.event,
          delivery.state,
          String(delivery.attempt),
          delivery.responseStatus === undefined ? '' : String(delivery.responseStatus),
          delivery.error ?? '',
        ];
        context.print(
          deliveries,
          () =>
            table(['WHEN', 'EVENT', 'STATE', 'ATTEMPTS', 'STATUS', 'ERROR'], deliveries.map(row)) ||
            'No deliveries.\n',
        );
      }),
    );

export const webhooksCommand = (io: Io) =>
  new Command('webhooks')
    .description('Signed outbound webhooks of a repository: subscribe, test, read the delivery log')
    .addCommand(webhooksLs(io))
    .addCommand(webhooksAdd(io))
    .addCommand(webhooksRm(io))
    .addCommand(webhooksTest(io))
    .addCommand(webhooksDeliveries(io));
