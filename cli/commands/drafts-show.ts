import type { PrComment, PullRequestDetail } from '../../shared/pulls/schemas';
import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';
import { pullNumberArgument, repoArgument } from '../lib/repo-arg';
import { shortSha, shortTime } from '../lib/table';

export const draftsShowCommand = (io: Io) =>
  leaf('show', 'Show a change request: its pull request and comments')
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<number>', 'the pull request number', pullNumberArgument)
    .action(
      run<[string, number]>(io, async (context, [repo, number]) => {
        const api = await context.api();
        const [pull, comments] = await context.spin(
          'Loading…',
          Promise.all([
            api.call('getPull', { params: { repo, number } }),
            api.call('listComments', { params: { repo, number } }),
          ]),
        );
        context.print({ ...pull, comments }, () => describe(pull, comments));
      }),
    );

const mergeable = (value: boolean | null | undefined) =>
  value === true ? 'yes' : value === false ? 'no (conflicts)' : 'being computed';

function describe(pull: PullRequestDetail, comments: PrComment[]): string {
  const lines = [
    `#${pull.number} ${pull.title}`,
    `item:      ${pull.collection}/${pull.slug} on ${pull.branch}`,
    `state:     ${pull.merged ? 'merged' : pull.state}`,
    `author:    ${pull.author}`,
    `updated:   ${shortTime(pull.updatedAt)}`,
    `mergeable: ${mergeable(pull.mergeable)}`,
    `head:      ${shortSha(pull.headSha)} (base ${shortSha(pull.baseSha)})`,
    `url:       ${pull.htmlUrl}`,
    ...(pull.previewUrl ? [`preview:   ${pull.previewUrl}`] : []),
  ];
  if (pull.body) lines.push('', pull.body);
  lines.push(
    '',
    comments.length
      ? `${comments.length} comment${comments.length === 1 ? '' : 's'}:`
      : 'No comments.',
  );
  for (const comment of comments)
    lines.push(
      `  ${comment.author} at ${shortTime(comment.createdAt)}:`,
      ...comment.body.split('\n').map((line) => `    ${line}`),
    );
  return `${lines.join('\n')}\n`;
}
