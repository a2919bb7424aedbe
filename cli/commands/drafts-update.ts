import { leaf, run } from '../lib/command';
import { explainConflict } from '../lib/conflict';
import type { Io } from '../lib/io';
import { pullNumberArgument, repoArgument } from '../lib/repo-arg';

export const draftsUpdateCommand = (io: Io) =>
  leaf(
    'update',
    'Bring a change request up to date with the default branch (field by field where git alone would conflict)',
  )
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<number>', 'the pull request number', pullNumberArgument)
    .action(
      run<[string, number]>(io, async (context, [repo, number]) => {
        const api = await context.api();
        const hint = `\nTo keep the draft's version of the item instead, run: cms drafts rebase ${repo} ${number}`;
        const result = await context.spin(
          'Updating…',
          explainConflict(
            'Not updated',
            api.call('updatePull', { params: { repo, number } }),
            hint,
          ),
        );
        context.print(result, () => `Draft #${number} is up to date with the default branch\n`);
      }),
    );
