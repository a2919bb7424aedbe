import type { ContentItem } from '../../shared/content/schemas';
import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';
import { shortSha, table } from '../lib/table';

export const contentListCommand = (io: Io) =>
  leaf('list', 'List the items of a collection')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a collection of its cms.config.json')
    .action(
      run<[string, string]>(io, async (context, [repo, collection]) => {
        const api = await context.api();
        const items = await context.spin('Loading…', api.call('listContent', { params: { repo, collection } }));
        context.print(items, () =>
          table(['SLUG', 'TITLE', 'SHA'], items.map((item) => [item.slug, titleOf(item), shortSha(item.sha)])) || `No items in ${collection}.\n`,
        );
      }),
    );

const titleOf = (item: ContentItem) => (typeof item.frontmatter.title === 'string' ? item.frontmatter.title : '');
