import type { ContentDiff } from '../../shared/pulls/schemas';
import { leaf, run } from '../lib/command';
import { formatDiffs } from '../lib/diff-format';
import { wantsColour, type Io } from '../lib/io';
import { pullsPath } from '../lib/pulls';
import { pullNumberArgument, repoArgument } from '../lib/repo-arg';

export const draftsDiffCommand = (io: Io) =>
  leaf('diff', 'Show what a draft changes, field by field, and its body line by line')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<number>', 'the pull request number', pullNumberArgument)
    .action(
      run<[string, number]>(io, async (context, [repo, number]) => {
        const api = await context.api();
        const diffs = await context.spin('Loading…', api.get<ContentDiff[]>(`${pullsPath(repo, number)}/diff`));
        context.print(diffs, () => formatDiffs(diffs, wantsColour(io.stdout, io.env)));
      }),
    );
