import { execFile } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Command, Option } from 'commander';
import { countOf } from '../../shared/checks/check-problem';
import { checkSite } from '../../shared/checks/check-site';
import { cmsConfigFileName } from '../../shared/content/config-schema';
import { parseCmsConfig } from '../../shared/content/config-read';
import { checkFormats, formatReport, type CheckFormat } from '../lib/check-output';
import { ReportedFailure, UsageError } from '../lib/errors';
import type { Io } from '../lib/io';
import { listSite } from '../lib/init/site-files';

const run = promisify(execFile);

const exitHelp = `
Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 usage or config error (no
${cmsConfigFileName}, an invalid one, an unknown --since ref).`;

/**
 * `cms check [dir]`: the service's content rules over a site's working tree (shared/checks/),
 * offline and without a login, so a CI step or a pre-commit hook finds a broken item before the
 * editor does. In a git working tree only tracked files count, as on the provider.
 */
export const checkCommand = (io: Io) =>
  new Command('check')
    .description(
      `Check every item of DIR (default: the current directory) against its ${cmsConfigFileName}: frontmatter, fields, relations, media, slugs`,
    )
    .argument('[dir]', "the site's working tree", '.')
    .option(
      '--since <ref>',
      'check only the files changed between REF and HEAD (git diff REF...HEAD), e.g. origin/main',
    )
    .addOption(
      new Option(
        '--format <format>',
        'text for people, json for scripts, github for workflow annotations',
      )
        .choices(checkFormats)
        .default('text'),
    )
    .addHelpText('after', exitHelp)
    .action(async (dir: string, options: { since?: string; format: CheckFormat }) => {
      const root = path.resolve(dir);
      if (!(await stat(root).catch(() => undefined))?.isDirectory())
        throw new UsageError(`${dir} is not a directory`);
      const configText = await readFile(path.join(root, cmsConfigFileName), 'utf8').catch(
        () => undefined,
      );
      if (configText === undefined)
        throw new UsageError(
          `no ${cmsConfigFileName} in ${dir}; run "cms init ${dir}" to propose one`,
        );
      let config;
      try {
        config = parseCmsConfig(configText);
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      const listing = await listSite(root);
      const only =
        options.since === undefined ? undefined : await changedSince(root, options.since);
      const report = checkSite({ config, paths: listing.paths, read: listing.read, only });
      io.stdout.write(formatReport[options.format](report));
      if (countOf(report, 'error') > 0) throw new ReportedFailure();
    });

async function changedSince(root: string, ref: string): Promise<Set<string>> {
  if (ref.startsWith('-')) throw new UsageError(`--since: "${ref}" is not a git ref`);
  const [{ stdout: top }, diff] = await Promise.all([
    run('git', ['rev-parse', '--show-prefix'], { cwd: root }),
    run('git', ['diff', '--name-only', '-z', `${ref}...HEAD`, '--', '.'], {
      cwd: root,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((error: { stderr?: string }) => {
      throw new UsageError(
        `--since ${ref}: git cannot compare it with HEAD (${String(error.stderr ?? '').trim() || 'not a git working tree'})`,
      );
    }),
  ]).catch((error: unknown) => {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--since needs a git working tree; ${root} is not one`);
  });
  // git names files from the repository's top; the site may be a folder of it.
  const prefix = top.trim();
  return new Set(
    diff.stdout
      .split('\0')
      .filter((file) => file.startsWith(prefix) && file !== '')
      .map((file) => file.slice(prefix.length)),
  );
}
