import { leaf, run } from '../lib/command';
import type { Io } from '../lib/io';

export const logoutCommand = (io: Io) =>
  leaf('logout', 'Forget the stored token for the service').action(
    run<[]>(io, async (context) => {
      const url = await context.serviceUrl();
      const removed = await context.store.remove(url);
      context.print({ url, removed }, () =>
        removed
          ? `Signed out of ${url}. The token stays valid until it expires; revoke it in the editor's Settings (API tokens) to end it now.\n`
          : `No stored login for ${url}.\n`,
      );
    }),
  );
