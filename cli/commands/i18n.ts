import { Command } from 'commander';
import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';
import { table } from '../lib/table';

/**
 * `cms i18n status`: a translated collection's translation report, one line per locale (how many
 * items are current, outdated or missing, and which are outdated); `--json` prints the report.
 * A partial report (`complete: false`: the request ran out of time reading git history) is asked
 * for again, saying so on stderr; each request keeps what it learned, so `pending` falls every
 * time, and a report whose `pending` does not fall is printed as it is.
 */
const statusCommand = (io: Io) =>
  leaf('status', 'Show which translations of a collection are current, outdated or missing')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a translated collection of its cms.config.json (one with "i18n")')
    .action(
      run<[string, string]>(io, async (context, [repo, collection]) => {
        const api = await context.api();
        const read = () =>
          context.spin(
            'Reading the translations…',
            api.call('getTranslationReport', { params: { repo, collection } }),
          );
        let report = await read();
        for (let before = Infinity; !report.complete && report.pending < before;) {
          io.stderr.write(
            `Partial report: ${report.pending} statuses not known yet; asking again…\n`,
          );
          before = report.pending;
          report = await read();
        }
        if (!report.complete)
          io.stderr.write(
            `Partial report: ${report.pending} statuses not known yet (counted in no column); run the command again\n`,
          );
        context.print(report, () =>
          table(
            ['LOCALE', 'CURRENT', 'OUTDATED', 'MISSING', 'OUTDATED ITEMS'],
            Object.entries(report.locales).map(([locale, counts]) => [
              locale,
              String(counts.current),
              String(counts.outdated),
              String(counts.missing),
              counts.outdatedSlugs.join(' '),
            ]),
          ),
        );
      }),
    );

interface CreateOptions {
  draft?: boolean;
  message?: string;
  title?: string;
}

/**
 * `cms i18n create`: an item's translation in one locale, made from its default locale's file in
 * one commit (or with --draft on the item's draft branch, its pull request opened when it has none).
 */
const createCommand = (io: Io) =>
  leaf(
    'create',
    "Create an item's translation from its default locale's file: its fields to translate are left out (a required one is copied, to translate), the rest and the body copied",
  )
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a translated collection of its cms.config.json (one with "i18n")')
    .argument('<slug>', "the item's slug")
    .argument('<locale>', "the locale to create, one of the collection's but its default (e.g. fr)")
    .option(
      '--draft',
      "save it on the item's draft branch cms/<collection>/<slug> and open its pull request (required by collections locked to reviews)",
    )
    .option(
      '--message <message>',
      'the commit message (default: "Translate <collection>/<slug> into <locale>")',
    )
    .option(
      '--title <title>',
      'title of the pull request --draft opens (default: "Translate <collection>/<slug> into <locale>")',
    )
    .action(
      run<[string, string, string, string], CreateOptions>(
        io,
        async (context, [repo, collection, slug, locale], options) => {
          const api = await context.api();
          const created = await context.spin(
            'Creating the translation…',
            api.call('createTranslation', {
              params: { repo, collection, slug },
              body: {
                locale,
                mode: options.draft ? 'branch' : 'direct',
                ...(options.message !== undefined && { message: options.message }),
              },
            }),
          );
          const placeholders = created.placeholders ?? [];
          const toTranslate =
            placeholders.length > 0 ? `Copied to translate: ${placeholders.join(', ')}\n` : '';
          const done = {
            ok: true,
            repo,
            collection,
            slug,
            locale,
            path: created.path,
            sha: created.sha,
            placeholders,
          };
          if (!options.draft) {
            context.print(
              done,
              () => `Created ${created.path} (${locale}) in ${repo}\n${toTranslate}`,
            );
            return;
          }
          const branch = created.branch ?? `cms/${collection}/${slug}`;
          const prNumber =
            created.prNumber ??
            (
              await api.call('createPull', {
                params: { repo },
                body: {
                  branch,
                  title: options.title ?? `Translate ${collection}/${slug} into ${locale}`,
                },
              })
            ).number;
          context.print(
            { ...done, branch, prNumber },
            () =>
              `Created ${created.path} (${locale}) on ${branch}, pull request #${prNumber}\n${toTranslate}`,
          );
        },
      ),
    );

export const i18nCommand = (io: Io) =>
  new Command('i18n')
    .description("Translations: what a translated collection's locales lack, and making them")
    .addCommand(statusCommand(io))
    .addCommand(createCommand(io));
