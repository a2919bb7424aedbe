import { leaf, run } from '../lib/command';
import { formatDiffs } from '../lib/diff-format';
import { wantsColour, type Io } from '../lib/io';
import { pullNumberArgument, repoArgument } from '../lib/repo-arg';

export const draftsDiffCommand = (io: Io) =>
  leaf('diff', 'Show what a change request changes, field by field, and its body line by line')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<number>', 'the pull request number', pullNumberArgument)
    .action(
      run<[string, number]>(io, async (context, [repo, number]) => {
        const api = await context.api();
        const diffs = await context.spin(
          'Loading…',
          api.call('getPullDiff', { params: { repo, number } }),
        );
        context.print(diffs, () => formatDiffs(diffs, wantsColour(io.stdout, io.env)));
      }),
    );
