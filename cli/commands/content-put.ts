import { Option } from 'commander';
import { leaf, run } from '../lib/command';
import { draftBranch, findItem } from '../lib/content-item';
import type { Context } from '../lib/context';
import type { Io } from '../lib/io';
import { collectSetting, parseSetting, readMarkdown } from '../lib/markdown-input';
import { repoArgument } from '../lib/repo-arg';
import { shortSha } from '../lib/table';

interface PutOptions {
  set?: string[];
  draft?: boolean;
  changeSet?: string;
  title?: string;
  sha?: string;
}

export const contentPutCommand = (io: Io) =>
  leaf(
    'put',
    'Create or update an item from a markdown file with frontmatter; fetches the current sha itself',
  )
    .argument('<repo>', 'the repository, owner/name', repoArgument)
    .argument('<collection>', 'a collection of its cms.config.json')
    .argument('<slug>', 'the file name without .md')
    .argument(
      '[file]',
      'markdown file with YAML frontmatter, - for stdin (default: the current item, changed by --set)',
    )
    .option(
      '--set <key=value>',
      'set a frontmatter field; the value is read as YAML (repeatable)',
      collectSetting,
    )
    .option(
      '--draft',
      'save to the draft branch cms/<collection>/<slug> and open its pull request if none is open',
    )
    .addOption(
      new Option(
        '--change-set <name>',
        'save into the change set <name> (cms sets create), on its branch cms/_sets/<name>',
      ).conflicts('draft'),
    )
    .option(
      '--title <title>',
      'title of the pull request --draft opens (default: "Edit <collection>/<slug>")',
    )
    .option(
      '--sha <sha>',
      'refuse (exit 3) unless the item is still at this sha; default: its current sha',
    )
    .action(run<[string, string, string, string | undefined], PutOptions>(io, put));

async function put(
  context: Context,
  [repo, collection, slug, file]: [string, string, string, string | undefined],
  options: PutOptions,
) {
  const settings = (options.set ?? []).map(parseSetting);
  const api = await context.api();
  const item = { repo, collection, slug };
  const { changeSet } = options;
  const branch =
    changeSet !== undefined
      ? `cms/_sets/${changeSet}`
      : options.draft
        ? draftBranch(collection, slug)
        : undefined;
  // A draft continues from the branch's copy; before the first draft save that is the default branch's.
  const current = await context.spin(
    'Reading…',
    (async () =>
      branch
        ? ((await findItem(api, item, branch)) ?? (await findItem(api, item)))
        : findItem(api, item))(),
  );
  const input = file
    ? await readMarkdown(context.io, file)
    : { frontmatter: current?.frontmatter ?? {}, body: current?.body ?? '' };
  const frontmatter = { ...input.frontmatter, ...Object.fromEntries(settings) };
  const sha = options.sha ?? current?.sha;
  const saved = await context.spin(
    'Saving…',
    api.call('putContent', {
      params: item,
      body: {
        frontmatter,
        body: input.body,
        ...(sha ? { sha } : {}),
        ...(changeSet !== undefined
          ? { set: changeSet }
          : { mode: branch ? ('branch' as const) : ('direct' as const) }),
      },
    }),
  );
  const action = sha ? 'Updated' : 'Created';
  if (saved.unchanged && !saved.branch) {
    context.print(
      { ...saved, created: false },
      () =>
        `Unchanged: ${saved.path} already has these contents (${shortSha(saved.sha)}); nothing was committed\n`,
    );
    return;
  }
  if (changeSet !== undefined) {
    context.print(
      { ...saved, created: !sha },
      () =>
        `${action} ${saved.path} in change set ${changeSet} (${shortSha(saved.sha)}); publish it with cms drafts merge\n`,
    );
    return;
  }
  if (!branch) {
    context.print(
      { ...saved, created: !sha },
      () => `${action} ${saved.path} on the default branch (${shortSha(saved.sha)})\n`,
    );
    return;
  }
  const pull =
    current?.prNumber !== undefined
      ? { number: current.prNumber, opened: false }
      : {
          ...(await api.call('createPull', {
            params: { repo },
            body: { branch, title: options.title ?? `Edit ${collection}/${slug}` },
          })),
          opened: true,
        };
  context.print(
    { ...saved, created: !sha, prNumber: pull.number, pullOpened: pull.opened },
    () =>
      `${action} ${saved.path} on ${branch} (${shortSha(saved.sha)})\n` +
      (pull.opened
        ? `Opened pull request #${pull.number}${'htmlUrl' in pull ? `: ${pull.htmlUrl}` : ''}\n`
        : `Pull request #${pull.number} is open\n`),
  );
}
