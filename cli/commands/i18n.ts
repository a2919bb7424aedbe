import { Command } from 'commander';
import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';
import { table } from '../lib/table';

/**
 * `cms i18n status`: a translated collection's translation report, one line per locale (how many
 * items are current, outdated or missing, and which are outdated); `--json` prints the report.
 */
const statusCommand = (io: Io) =>
  leaf('status', 'Show which translations of a collection are current, outdated or missing')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a translated collection of its cms.config.json (one with "i18n")')
    .action(
      run<[string, string]>(io, async (context, [repo, collection]) => {
        const api = await context.api();
        const report = await context.spin(
          'Reading the translations…',
          api.call('getTranslationReport', { params: { repo, collection } }),
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
