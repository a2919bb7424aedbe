import type { CmsConfig } from '../../shared/content/config-schema';
import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { repoArgument } from '../lib/repo-arg';
import { table } from '../lib/table';

export const configCommand = (io: Io) =>
  leaf('config', "Show a repository's cms.config.json: its collections and their fields")
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .action(
      run<[string]>(io, async (context, [repo]) => {
        const api = await context.api();
        const config = await context.spin('Loading…', api.call('getConfig', { params: { repo } }));
        context.print(config, () => describe(config));
      }),
    );

function describe(config: CmsConfig): string {
  const parts = [`${config.name}\n`];
  for (const [name, collection] of Object.entries(config.collections)) {
    const workflow = collection.workflow
      ? `, workflow ${collection.workflow.default}${collection.workflow.locked ? ' (locked)' : ''}`
      : '';
    parts.push(`\n${name}: ${collection.label} (${collection.directory}${workflow})\n`);
    parts.push(
      table(
        ['FIELD', 'TYPE', 'REQUIRED', 'LABEL'],
        collection.fields.map((field) => [
          field.name,
          field.type,
          field.required ? 'yes' : '',
          field.label,
        ]),
      ).replace(/^(?=.)/gm, '  '),
    );
  }
  // Collections left out for a problem of their own: named, so nobody wonders where they went.
  for (const [name, problem] of Object.entries(config.problems ?? {}))
    parts.push(`\n${name}: not opened, cms.config.json needs a fix: ${problem}\n`);
  return parts.join('');
}
