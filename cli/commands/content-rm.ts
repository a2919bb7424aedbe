import { leaf, run } from '../lib/command';
import { draftBranch, findItem } from '../lib/content-item';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';

export const contentRmCommand = (io: Io) =>
  leaf(
    'rm',
    'Delete an item from the default branch (one commit), or with --draft on its draft branch for review',
  )
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a collection of its cms.config.json')
    .argument('<slug>', 'the file name without .md')
    .option(
      '--sha <sha>',
      'refuse (exit 3) unless the item is still at this sha; default: its current sha',
    )
    .option(
      '--draft',
      'delete on the draft branch cms/<collection>/<slug> and open its pull request if none is open (required by collections locked to reviews)',
    )
    .option(
      '--title <title>',
      'title of the pull request --draft opens (default: "Delete <collection>/<slug>")',
    )
    .action(
      run<[string, string, string], { sha?: string; draft?: boolean; title?: string }>(
        io,
        async (context, [repo, collection, slug], options) => {
          const api = await context.api();
          const item = { repo, collection, slug };
          if (!options.draft) {
            const sha = options.sha ?? (await api.call('getContent', { params: item })).sha;
            await context.spin(
              'Deleting…',
              api.call('deleteContent', { params: item, query: { sha } }),
            );
            context.print(
              { ok: true, repo, collection, slug },
              () => `Deleted ${collection}/${slug} from ${repo}\n`,
            );
            return;
          }
          const branch = draftBranch(collection, slug);
          // The draft's copy when there is one, else the default branch's.
          const current =
            (await findItem(api, item, branch)) ?? (await api.call('getContent', { params: item }));
          const sha = options.sha ?? current.sha;
          await context.spin(
            'Deleting on the draft…',
            api.call('deleteContent', { params: item, query: { sha, mode: 'branch' } }),
          );
          const pull =
            current.prNumber !== undefined
              ? { number: current.prNumber, opened: false }
              : {
                  ...(await api.call('createPull', {
                    params: { repo },
                    body: { branch, title: options.title ?? `Delete ${collection}/${slug}` },
                  })),
                  opened: true,
                };
          context.print(
            {
              ok: true,
              repo,
              collection,
              slug,
              branch,
              prNumber: pull.number,
              pullOpened: pull.opened,
            },
            () =>
              `Deleted ${collection}/${slug} on ${branch}\n` +
              (pull.opened
                ? `Opened pull request #${pull.number}${'htmlUrl' in pull ? `: ${pull.htmlUrl}` : ''}\n`
                : `Pull request #${pull.number} is open\n`),
          );
        },
      ),
    );
