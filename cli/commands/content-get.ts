import { serializeMarkdown } from '../../shared/content/frontmatter';
import { leaf, run } from '../lib/command';
import { draftBranch } from '../lib/content-item';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';

export const contentGetCommand = (io: Io) =>
  leaf('get', 'Print an item as a markdown file with frontmatter (what put reads back)')
    .alias('show')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a collection of its cms.config.json')
    .argument('<slug>', 'the file name without .md')
    .option('--branch <branch>', 'read from this branch')
    .option('--draft', 'read from the draft branch cms/<collection>/<slug>')
    .option(
      '--ref <sha>',
      'the item as it was in this version: a full commit sha (cms content log)',
    )
    .action(
      run<[string, string, string], { branch?: string; draft?: boolean; ref?: string }>(
        io,
        async (context, [repo, collection, slug], options) => {
          const api = await context.api();
          const branch = options.draft ? draftBranch(collection, slug) : options.branch;
          const item = await context.spin(
            'Loading…',
            api.call('getContent', {
              params: { repo, collection, slug },
              query: { branch, ref: options.ref },
            }),
          );
          if (!context.json && item.prNumber !== undefined)
            context.note(`Draft on ${item.branch} with pull request #${item.prNumber}`);
          context.print(item, () =>
            serializeMarkdown(undefined, item.frontmatter, item.body ?? ''),
          );
        },
      ),
    );
