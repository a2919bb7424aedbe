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

export const i18nCommand = (io: Io) =>
  new Command('i18n')
    .description("Translations: what a translated collection's locales lack")
    .addCommand(statusCommand(io));
