import { leaf, run } from '../lib/command';
import { UsageError } from '../lib/errors';
import { readAll, type Io } from '../lib/io';
import { pullNumberArgument, repoArgument } from '../lib/repo-arg';

export const draftsCommentCommand = (io: Io) =>
  leaf('comment', 'Comment on a change request')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<number>', 'the pull request number', pullNumberArgument)
    .argument('<text...>', 'the comment (markdown); - reads it from stdin')
    .action(
      run<[string, number, string[]]>(io, async (context, [repo, number, words]) => {
        const text =
          words.length === 1 && words[0] === '-' ? await readAll(io.stdin) : words.join(' ');
        if (!text.trim()) throw new UsageError('The comment is empty');
        const api = await context.api();
        const comment = await context.spin(
          'Posting…',
          api.call('createComment', { params: { repo, number }, body: { body: text } }),
        );
        context.print(comment, () => `Commented on #${number} as ${comment.author}\n`);
      }),
    );
