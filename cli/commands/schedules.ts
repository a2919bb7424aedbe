import { Command, InvalidArgumentError } from 'commander';
import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { pullNumberArgument, repoArgument } from '../lib/repo-arg';
import { table } from '../lib/table';

/** `2026-12-01T09:00+01:00`, `2026-12-01T08:00Z`, or `+2h` / `+30m` / `+1d` from now. */
export function timeArgument(value: string, now: number = Date.now()): string {
  const relative = /^\+(\d+)([mhd])$/.exec(value);
  if (relative)
    return new Date(
      now +
        Number(relative[1]) *
          { m: 60_000, h: 3_600_000, d: 86_400_000 }[relative[2] as 'm' | 'h' | 'd'],
    ).toISOString();
  if (!/(?:Z|[+-]\d{2}:\d{2})$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new InvalidArgumentError(
      'expected a date-time with an offset (2026-12-01T09:00+01:00, 2026-12-01T08:00Z) or +30m, +2h, +1d',
    );
  }
  return value;
}

const schedulesLs = (io: Io) =>
  leaf('ls', "List the repository's schedules (pending, and those of the last 90 days)")
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .action(
      run<[string]>(io, async (context, [repo]) => {
        const api = await context.api();
        const { schedules } = await context.spin(
          'Loading…',
          api.call('listSchedules', { params: { repo } }),
        );
        const what = (schedule: (typeof schedules)[number]) =>
          schedule.action === 'publish'
            ? `publish #${schedule.pull}`
            : `unpublish ${schedule.collection}/${schedule.slug} (${schedule.mode})`;
        context.print(
          schedules,
          () =>
            table(
              ['ID', 'AT', 'WHAT', 'STATE', 'BY', 'NOTE'],
              schedules.map((schedule) => [
                schedule.id,
                schedule.at,
                what(schedule),
                schedule.state,
                schedule.createdBy,
                schedule.error ?? '',
              ]),
            ) || 'No schedules.\n',
        );
      }),
    );

const schedulesPublish = (io: Io) =>
  leaf(
    'publish',
    'Publish (squash merge) a draft pull request at a set time, with your access then',
  )
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<number>', 'the pull request number', pullNumberArgument)
    .requiredOption('--at <time>', 'when: a date-time with an offset, or +30m, +2h, +1d', (value) =>
      timeArgument(value),
    )
    .action(
      run<[string, number], { at: string }>(io, async (context, [repo, number], options) => {
        const api = await context.api();
        const schedule = await context.spin(
          'Scheduling…',
          api.call('createSchedule', {
            params: { repo },
            body: { action: 'publish', pull: number, at: options.at },
          }),
        );
        context.print(
          schedule,
          () => `#${number} will be published at ${schedule.at} (schedule ${schedule.id})\n`,
        );
      }),
    );

const schedulesUnpublish = (io: Io) =>
  leaf(
    'unpublish',
    'Unpublish an item at a set time: --delete removes it, otherwise it gets draft: true',
  )
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'the collection')
    .argument('<slug>', 'the item')
    .requiredOption('--at <time>', 'when: a date-time with an offset, or +30m, +2h, +1d', (value) =>
      timeArgument(value),
    )
    .option('--delete', 'delete the file instead of setting draft: true')
    .action(
      run<[string, string, string], { at: string; delete?: boolean }>(
        io,
        async (context, [repo, collection, slug], options) => {
          const api = await context.api();
          const body = {
            action: 'unpublish' as const,
            collection,
            slug,
            mode: options.delete ? ('delete' as const) : ('draft' as const),
            at: options.at,
          };
          const schedule = await context.spin(
            'Scheduling…',
            api.call('createSchedule', { params: { repo }, body }),
          );
          context.print(
            schedule,
            () =>
              `${collection}/${slug} will be unpublished at ${schedule.at} (schedule ${schedule.id})\n`,
          );
        },
      ),
    );

const schedulesMove = (io: Io) =>
  leaf('mv', 'Move a pending schedule to another time')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<id>', 'the schedule id')
    .requiredOption('--at <time>', 'when: a date-time with an offset, or +30m, +2h, +1d', (value) =>
      timeArgument(value),
    )
    .action(
      run<[string, string], { at: string }>(io, async (context, [repo, scheduleId], options) => {
        const api = await context.api();
        const schedule = await context.spin(
          'Moving…',
          api.call('reschedule', { params: { repo, scheduleId }, body: { at: options.at } }),
        );
        context.print(schedule, () => `Schedule ${schedule.id} now runs at ${schedule.at}\n`);
      }),
    );

const schedulesCancel = (io: Io) =>
  leaf('rm', 'Cancel a pending schedule')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<id>', 'the schedule id')
    .action(
      run<[string, string]>(io, async (context, [repo, scheduleId]) => {
        const api = await context.api();
        const schedule = await context.spin(
          'Cancelling…',
          api.call('cancelSchedule', { params: { repo, scheduleId } }),
        );
        context.print(schedule, () => `Schedule ${schedule.id} is cancelled\n`);
      }),
    );

export const schedulesCommand = (io: Io) =>
  new Command('schedules')
    .description('Publish drafts and unpublish items at a set time')
    .addCommand(schedulesLs(io))
    .addCommand(schedulesPublish(io))
    .addCommand(schedulesUnpublish(io))
    .addCommand(schedulesMove(io))
    .addCommand(schedulesCancel(io));
