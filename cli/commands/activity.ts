import { InvalidArgumentError } from 'commander';
import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';
import { table } from '../lib/table';
import type { ActivityRecord } from '../../shared/activity/activity-schemas';

const limitArgument = (value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1000)
    throw new InvalidArgumentError('expected a number from 1 to 1000');
  return n;
};

/** The audit log: a repository's, or with no repository the caller's own actions, newest first. */
export const activityCommand = (io: Io) =>
  leaf(
    'activity',
    "Who did what through the service: a repository's activity, or your own with no repository",
  )
    .argument('[repo]', 'the repository, owner/name', repoArgument)
    .option('-n, --limit <count>', 'how many records (newest first)', limitArgument, 50)
    .action(
      run<[string | undefined], { limit: number }>(io, async (context, [repo], options) => {
        const api = await context.api();
        const records: ActivityRecord[] = [];
        let cursor: string | undefined;
        do {
          const query: { limit: number; cursor?: string } = {
            limit: Math.min(100, options.limit - records.length),
            ...(cursor && { cursor }),
          };
          const page: { records: ActivityRecord[]; nextCursor: string | null } = repo
            ? await api.call('listRepoActivity', { params: { repo }, query })
            : await api.call('listMyActivity', { query });
          records.push(...page.records);
          cursor = page.nextCursor ?? undefined;
        } while (cursor && records.length < options.limit);
        const what = (record: ActivityRecord) =>
          [
            record.repo,
            record.target?.collection && `${record.target.collection}/${record.target.slug}`,
            record.target?.number && `#${record.target.number}`,
          ]
            .filter(Boolean)
            .join(' ');
        context.print(
          records,
          () =>
            table(
              ['AT', 'WHO', 'VIA', 'ACTION', 'ON', 'STATUS'],
              records.map((record) => [
                record.at,
                record.actor.login,
                record.actor.via,
                record.action,
                what(record),
                String(record.status),
              ]),
            ) || 'No activity.\n',
        );
      }),
    );
