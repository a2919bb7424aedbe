import { createCredentialStore, credentialsPath, type CredentialStore } from './credentials';
import { CliError, UsageError, exitCodes } from './errors';
import { createApi, type Api } from './http';
import type { Io } from './io';
import { withSpinner } from './spinner';

/** Options every command takes. */
export interface CommonOptions {
  url?: string;
  json?: boolean;
}

/** What a command needs: where the service is, who we are, and how to answer. */
export interface Context {
  io: Io;
  json: boolean;
  store: CredentialStore;
  /** --url, else CMS_URL, else the service of the last login. */
  serviceUrl(): Promise<string>;
  /** A client carrying CMS_TOKEN, else the stored login for the service; exit 4 without either. */
  api(): Promise<Api>;
  /** A client without credentials (device flow). */
  anonymousApi(): Promise<Api>;
  /** `value` as JSON with --json, else the human text. */
  print(value: unknown, human: () => string): void;
  /** A line for people on stderr (never part of the --json answer). */
  note(text: string): void;
  spin<T>(label: string, work: Promise<T>): Promise<T>;
}

export function normaliseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`Not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`Not an http(s) URL: ${raw}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function createContext(io: Io, options: CommonOptions): Context {
  const store = createCredentialStore(credentialsPath(io.env));
  const json = Boolean(options.json);
  async function serviceUrl() {
    const raw = options.url ?? io.env.CMS_URL ?? (await store.current());
    if (!raw)
      throw new UsageError(
        'No service URL: pass --url URL, set CMS_URL, or run cms login --url URL',
      );
    return normaliseUrl(raw);
  }
  return {
    io,
    json,
    store,
    serviceUrl,
    async api() {
      const url = await serviceUrl();
      if (io.env.CMS_TOKEN) return createApi({ url, token: io.env.CMS_TOKEN });
      const stored = await store.get(url);
      if (!stored)
        throw new CliError(
          `Not signed in to ${url}: run cms login --url ${url}, or set CMS_TOKEN`,
          exitCodes.auth,
        );
      if (Date.parse(stored.expiresAt) <= Date.now())
        throw new CliError(
          `The login to ${url} expired at ${stored.expiresAt}: run cms login --url ${url}`,
          exitCodes.auth,
        );
      return createApi({ url, token: stored.token });
    },
    async anonymousApi() {
      return createApi({ url: await serviceUrl() });
    },
    print(value, human) {
      io.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : human());
    },
    note(text) {
      io.stderr.write(`${text}\n`);
    },
    spin: (label, work) => withSpinner(io.stderr, label, work),
  };
}
