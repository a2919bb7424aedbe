import { setTimeout as sleep } from 'node:timers/promises';
import { leaf, run } from '../lib/command';
import { deviceLogin } from '../lib/device-login';
import type { Io } from '../lib/io';

export const loginCommand = (io: Io) =>
  leaf('login', 'Sign in with a device code; stores a 90-day API token for the service (mode 0600)').action(
    run<[]>(io, async (context) => {
      const url = await context.serviceUrl();
      const api = await context.anonymousApi();
      const login = await deviceLogin(api, {
        prompt: (code) => {
          context.note(`Open ${code.verificationUri} and enter the code ${code.userCode}`);
          context.note(`(the code expires in ${Math.round(code.expiresIn / 60)} minutes)`);
        },
        sleep: (ms) => context.spin('Waiting for approval…', sleep(ms)),
        now: Date.now,
      });
      await context.store.save(url, login);
      context.print({ url, username: login.username, expiresAt: login.expiresAt }, () => `Signed in to ${url} as ${login.username} (the token expires ${login.expiresAt.slice(0, 10)})\n`);
    }),
  );
