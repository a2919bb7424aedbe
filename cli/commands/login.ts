import { setTimeout as sleep } from 'node:timers/promises';
import { leaf, run } from '../lib/command';
import { deviceLogin } from '../lib/device-login';
import type { Io } from '../lib/io';
import {
  defaultLoginScope as defaults,
  durationArgument,
  listArgument,
  loginScope,
  permissionsArgument,
  reposInWords,
  scopeInWords,
  type LoginScope,
} from '../lib/login-scope';

export const loginCommand = (io: Io) =>
  leaf(
    'login',
    `Sign in with a device code; stores an API token for the service (mode 0600). By default it asks for the least the everyday commands need: ${defaults.permissions.join(', ')} on every repository, for ${defaults.expiresIn / 86_400} days`,
  )
    .option(
      '--permissions <list>',
      `comma-separated permissions the token gets, or all for every one (default: ${defaults.permissions.join(',')}; deleting needs content:delete, merging, schedules and webhooks content:publish)`,
      permissionsArgument,
    )
    .option(
      '--repos <list>',
      'comma-separated owner/name repositories the token reaches, or * (default: *)',
      listArgument,
    )
    .option(
      '--expires-in <duration>',
      `token lifetime after approval: 7d, 12h, 30m or seconds; at most 90d (default: ${defaults.expiresIn / 86_400}d)`,
      durationArgument,
    )
    .action(
      run<[], LoginScope>(io, async (context, _args, options) => {
        const url = await context.serviceUrl();
        const api = await context.anonymousApi();
        const scope = loginScope(options);
        const login = await deviceLogin(
          api,
          {
            prompt: (code) => {
              context.note(
                `Asking for a token with ${scopeInWords(scope)} (--permissions, --repos and --expires-in ask for another; --permissions all for every permission)`,
              );
              context.note(`Open ${code.verificationUri} and enter the code ${code.userCode}`);
              context.note(`(the code expires in ${Math.round(code.expiresIn / 60)} minutes)`);
              if (code.reviewUri)
                context.note(
                  `What approving it grants (permissions, repositories, lifetime): ${code.reviewUri}`,
                );
            },
            sleep: (ms) => context.spin('Waiting for approval…', sleep(ms)),
            now: Date.now,
          },
          scope,
        );
        await context.store.save(url, login);
        context.print(
          {
            url,
            username: login.username,
            expiresAt: login.expiresAt,
            permissions: scope.permissions,
            repos: scope.repos,
          },
          () =>
            `Signed in to ${url} as ${login.username} (the token expires ${login.expiresAt.slice(0, 10)}; ${scope.permissions.join(', ')} on ${reposInWords(scope.repos)})\n`,
        );
      }),
    );
