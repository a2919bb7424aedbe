import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { checkCommand } from './commands/check';
import { configCommand } from './commands/config';
import { devCommand } from './commands/dev';
import { doctorCommand } from './commands/doctor';
import { contentGetCommand } from './commands/content-get';
import { contentListCommand } from './commands/content-list';
import { contentPutCommand } from './commands/content-put';
import { contentCpCommand, contentMvCommand } from './commands/content-mv';
import { contentRmCommand } from './commands/content-rm';
import { contentLogCommand, contentRestoreCommand } from './commands/content-history';
import { draftsCloseCommand } from './commands/drafts-close';
import { draftsCommentCommand } from './commands/drafts-comment';
import { draftsDiffCommand } from './commands/drafts-diff';
import { draftsListCommand } from './commands/drafts-list';
import { draftsMergeCommand } from './commands/drafts-merge';
import { draftsReadyCommand } from './commands/drafts-ready';
import { draftsRebaseCommand } from './commands/drafts-rebase';
import { draftsShowCommand } from './commands/drafts-show';
import { draftsUpdateCommand } from './commands/drafts-update';
import { initCommand } from './commands/init';
import { loginCommand } from './commands/login';
import { mediaCommand } from './commands/media';
import { schedulesCommand } from './commands/schedules';
import { setsCommand } from './commands/sets';
import { i18nCommand } from './commands/i18n';
import { activityCommand } from './commands/activity';
import { webhooksCommand } from './commands/webhooks';
import { logoutCommand } from './commands/logout';
import { reposCommand } from './commands/repos';
import { whoamiCommand } from './commands/whoami';
import type { Io } from './lib/io';

const { version } = JSON.parse(
  readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
) as { version: string };

const environment = `
Environment:
  CMS_URL          the service URL (--url wins)
  CMS_TOKEN        an API token; overrides the stored login (for CI)
  XDG_CONFIG_HOME  logins are kept in $XDG_CONFIG_HOME/cms/credentials.json (default ~/.config/cms/)

Exit codes: 0 ok, 1 error, 2 usage, 3 conflict (409), 4 authentication or permission (401/403)`;

/** The whole command tree; commander parses, each command file does one thing. */
export function buildProgram(io: Io): Command {
  const content = new Command('content')
    .description('Read and write the markdown items of a collection')
    .addCommand(contentListCommand(io))
    .addCommand(contentGetCommand(io))
    .addCommand(contentPutCommand(io))
    .addCommand(contentRmCommand(io))
    .addCommand(contentMvCommand(io))
    .addCommand(contentCpCommand(io))
    .addCommand(contentLogCommand(io))
    .addCommand(contentRestoreCommand(io));
  const drafts = new Command('drafts')
    .description('Change requests: the pull requests of cms/<collection>/<slug> branches')
    .addCommand(draftsListCommand(io))
    .addCommand(draftsShowCommand(io))
    .addCommand(draftsDiffCommand(io))
    .addCommand(draftsReadyCommand(io))
    .addCommand(draftsMergeCommand(io))
    .addCommand(draftsUpdateCommand(io))
    .addCommand(draftsRebaseCommand(io))
    .addCommand(draftsCloseCommand(io))
    .addCommand(draftsCommentCommand(io));
  const program = new Command('cms')
    .description('Command-line client of the content editing service')
    .version(version)
    .addHelpText('after', environment)
    .addCommand(loginCommand(io))
    .addCommand(logoutCommand(io))
    .addCommand(whoamiCommand(io))
    .addCommand(reposCommand(io))
    .addCommand(configCommand(io))
    .addCommand(content)
    .addCommand(drafts)
    .addCommand(i18nCommand(io))
    .addCommand(mediaCommand(io))
    .addCommand(schedulesCommand(io))
    .addCommand(setsCommand(io))
    .addCommand(activityCommand(io))
    .addCommand(webhooksCommand(io))
    .addCommand(checkCommand(io))
    .addCommand(doctorCommand(io))
    .addCommand(devCommand(io))
    .addCommand(initCommand(io));
  configureTree(program, io);
  return program;
}

/** addCommand() does not pass settings down: each command throws instead of exiting, and writes to io. */
function configureTree(command: Command, io: Io): void {
  command
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
  for (const child of command.commands) configureTree(child, io);
}
