import { InvalidArgumentError } from 'commander';
import { contentPages, type ContentPageQuery } from '../../shared/client/content-pages';
import type { ContentItem } from '../../shared/content/schemas';
import { leaf, run } from '../lib/command';
import type { Context } from '../lib/context';
import { ApiError } from '../lib/errors';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';
import { shortSha, table } from '../lib/table';

interface ListOptions {
  limit?: number;
  all?: boolean;
  sort?: string;
  order?: 'asc' | 'desc';
  query?: string;
}

const pageSize = (value: string) => {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
    throw new InvalidArgumentError('expected an integer from 1 to 1000');
  return limit;
};

const order = (value: string) => {
  if (value !== 'asc' && value !== 'desc') throw new InvalidArgumentError('expected asc or desc');
  return value;
};

/**
 * `cms content list` (alias `ls`). Without options, the whole collection in one answer, as before
 * (one too large for an answer is refused by the service: the command points at `--all`).
 * With `--limit`, `--sort`, `--order` or `--query`, the first page (`--limit`, 100 by default);
 * `--all` follows every page (1,000 items each unless `--limit` says otherwise). While the service
 * builds the collection's index it answers 503 with its progress: the command says so on stderr
 * and asks again after the Retry-After it was given.
 */
export const contentListCommand = (io: Io) =>
  leaf('list', 'List the items of a collection')
    .alias('ls')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a collection of its cms.config.json')
    .option('--limit <n>', 'items per page, 1 to 1000 (alone: the first page only)', pageSize)
    .option('--all', "every page, following the service's next-page links")
    .option('--sort <field>', 'path (default), slug, or a date, datetime or string field')
    .option('--order <order>', 'asc (default) or desc', order)
    .option('--query <text>', 'only items whose title or slug contains the text (case-insensitive)')
    .action(
      run<[string, string], ListOptions>(io, async (context, [repo, collection], options) => {
        const api = await context.api();
        const query: ContentPageQuery = {
          limit: options.limit ?? (options.all ? 1000 : undefined),
          sort: options.sort,
          order: options.order,
          q: options.query,
        };
        const paged = options.all || Object.values(query).some((value) => value !== undefined);
        let items: ContentItem[] = [];
        if (!paged) {
          try {
            items = await context.spin(
              'Loading…',
              whileIndexing(context, collection, () =>
                api.call('listContent', { params: { repo, collection } }),
              ),
            );
          } catch (error) {
            // The whole collection is more than one answer can carry: the service says how to page; here that is --all.
            if (
              error instanceof ApiError &&
              error.status === 400 &&
              /ask for pages/.test(error.message)
            )
              context.note('cms content ls --all lists it page by page.');
            throw error;
          }
        } else {
          let total = 0;
          let more = false;
          for await (const page of contentPages(
            (id, input) => whileIndexing(context, collection, () => api.call(id, input)),
            { repo, collection, query },
          )) {
            items.push(...page.items);
            total = page.total;
            more = page.next !== null;
            if (!options.all) break;
          }
          if (more)
            context.note(
              `Showing ${items.length.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} items; --all lists every page.`,
            );
        }
        context.print(
          items,
          () =>
            table(
              ['SLUG', 'TITLE', 'SHA'],
              items.map((item) => [item.slug, titleOf(item), shortSha(item.sha)]),
            ) || `No items in ${collection}.\n`,
        );
      }),
    );

/** Longest the command waits for an index, in all. */
const maxIndexWaitMs = 30 * 60 * 1000;

/** A call that, while the service answers 503 with the index's progress, says so and asks again after Retry-After. */
async function whileIndexing<T>(
  context: Context,
  collection: string,
  call: () => Promise<T>,
): Promise<T> {
  const until = Date.now() + maxIndexWaitMs;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      const progress =
        error instanceof ApiError && error.status === 503
          ? (error.body as { progress?: { done: number; total: number } }).progress
          : undefined;
      if (!progress || Date.now() > until) throw error;
      context.note(
        `Indexing ${collection}: ${progress.done.toLocaleString('en-US')} of ${progress.total.toLocaleString('en-US')} files read…`,
      );
      const seconds = Math.min(
        Math.max(Number((error as ApiError).headers?.get('retry-after')) || 5, 1),
        60,
      );
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  }
}

const titleOf = (item: ContentItem) =>
  typeof item.frontmatter.title === 'string' ? item.frontmatter.title : '';
