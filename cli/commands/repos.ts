import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { shortTime, table } from '../lib/table';

export const reposCommand = (io: Io) =>
  leaf('repos', 'List the connected repositories')
    .option(
      '--available',
      "list the repositories reachable through the app's installations instead",
    )
    .action(
      run<[], { available?: boolean }>(io, async (context, _args, options) => {
        const api = await context.api();
        if (options.available) {
          const repos = await context.spin('Loading…', api.call('listHostRepos'));
          context.print(
            repos,
            () =>
              table(
                ['REPOSITORY', 'VISIBILITY', 'DESCRIPTION'],
                repos.map((repo) => [
                  repo.fullName,
                  repo.private ? 'private' : 'public',
                  repo.description ?? '',
                ]),
              ) || 'No repositories are reachable through the app.\n',
          );
          return;
        }
        const repos = await context.spin('Loading…', api.call('listRepos'));
        context.print(
          repos,
          () =>
            table(
              ['REPOSITORY', 'CONNECTED'],
              repos.map((repo) => [repo.fullName, shortTime(repo.addedAt)]),
            ) || 'No connected repositories.\n',
        );
      }),
    );
