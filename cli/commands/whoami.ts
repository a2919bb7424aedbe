import { leaf, run } from '../lib/command';
import { CliError, exitCodes } from '../lib/errors';
import type { Io } from '../lib/io';

export const whoamiCommand = (io: Io) =>
  leaf('whoami', 'Show whom the token acts as').action(
    run<[]>(io, async (context) => {
      const api = await context.api();
      const me = await api.call('getMe');
      // /api/auth/me answers 200 for anyone: an unusable token shows as not authenticated.
      if (!me.authenticated)
        throw new CliError(
          `The token is not valid at ${api.url} (expired or revoked): run cms login`,
          exitCodes.auth,
        );
      context.print(
        { url: api.url, username: me.username },
        () => `${me.username} at ${api.url}\n`,
      );
    }),
  );
