import type { ContentItem } from '../../shared/content/schemas';
import { leaf, run } from '../lib/command';
import { itemPath } from '../lib/content-item';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';

export const contentRmCommand = (io: Io) =>
  leaf('rm', 'Delete an item from the default branch (one commit)')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a collection of its cms.config.json')
    .argument('<slug>', 'the file name without .md')
    .option('--sha <sha>', 'refuse (exit 3) unless the item is still at this sha; default: its current sha')
    .action(
      run<[string, string, string], { sha?: string }>(io, async (context, [repo, collection, slug], options) => {
        const api = await context.api();
        const path = itemPath(repo, collection, slug);
        const sha = options.sha ?? (await api.get<ContentItem>(path)).sha;
        await context.spin('Deleting…', api.delete(`${path}?sha=${encodeURIComponent(sha)}`));
        context.print({ ok: true, repo, collection, slug }, () => `Deleted ${collection}/${slug} from ${repo}\n`);
      }),
    );
