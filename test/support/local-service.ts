import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { silentLogger, type Logger } from '../../shared/logger';
import { startLocal, type LocalOptions, type LocalRuntime } from '../../infra/local/runtime';
import { heldJobs } from './held-jobs';

export interface TestService extends LocalRuntime {
  dataDir: string;
  /** Moves the shared clock of the service and the local host forward. */
  advanceClock(ms: number): void;
  /** The shared clock, as the service reads it (Date.now() plus every advance). */
  now(): number;
  /**
   * Collection index builds, held until the test runs them (held-jobs.ts): a build never runs at
   * a moment of its own, so what a test counts is what its requests cost.
   */
  indexJobs: ReturnType<typeof heldJobs>;
  /** Stops everything and removes the data directory. */
  stop(): Promise<void>;
}

/** Local mode on free ports and a fresh data directory: the same wiring `npm start` uses. */
export interface TestServiceOptions {
  dataDir?: string;
  logger?: Logger;
  webRoot?: string;
  publicUrl?: string;
  sites?: string[];
  previewFrameOrigins?: string[];
  /** Collection index settings (its builds are held: `indexJobs`). */
  indexSettings?: NonNullable<LocalOptions['indexing']>['settings'];
  /** The gateway's integration timeout (30 s, as on AWS, when absent). */
  integrationTimeoutMs?: number;
  /** What every request to the local GitHub host waits (none when absent; `github.setLatency` changes it). */
  githubLatencyMs?: number;
}

export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'cms-test-')));
  let offset = 0;
  const now = () => Date.now() + offset;
  const indexJobs = heldJobs();
  const runtime = await startLocal({
    dataDir,
    port: 0,
    githubPort: 0,
    logger: options.logger ?? silentLogger,
    webRoot: options.webRoot,
    publicUrl: options.publicUrl,
    now,
    sites: options.sites,
    previewFrameOrigins: options.previewFrameOrigins,
    integrationTimeoutMs: options.integrationTimeoutMs,
    githubLatencyMs: options.githubLatencyMs,
    indexing: { scheduler: indexJobs.scheduler, settings: options.indexSettings },
  });
  // A commit made "on GitHub" by a test returns once GitHub's push webhook for it has been
  // answered, as a person would see it: a list right after it may otherwise still be answered
  // from the records the webhook is about to change (docs/api-guide.md, "Fresh lists from push webhooks").
  const commitOnHost = runtime.github.commitFiles.bind(runtime.github);
  runtime.github.commitFiles = async (...args) => {
    const result = await commitOnHost(...args);
    await runtime.github.settleWebhooks();
    return result;
  };
  return {
    ...runtime,
    indexJobs,
    dataDir,
    advanceClock(ms) {
      offset += ms;
    },
    now,
    async stop() {
      await runtime.close();
      // A git process the host started may still be finishing its last write as the host closes.
      if (!options.dataDir)
        await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

/** Set-Cookie values of a response, as `name=value` pairs (attributes dropped). */
export function cookiesOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(';')[0] ?? '';
    const at = pair.indexOf('=');
    out[pair.slice(0, at)] = pair.slice(at + 1);
  }
  return out;
}

const decodeHtml = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The first `<form>` of a page: its action and the values of its named inputs. */
export function readForm(
  html: string,
  pageUrl: string,
): { action: string; fields: Record<string, string> } {
  const form = /<form\b[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) throw new Error('The page has no form');
  const action = /action="([^"]*)"/i.exec(form[0])?.[1];
  const fields: Record<string, string> = {};
  for (const input of form[1]!.matchAll(/<input\b[^>]*>/gi)) {
    const name = /name="([^"]*)"/i.exec(input[0])?.[1];
    const value = /value="([^"]*)"/i.exec(input[0])?.[1];
    if (name && !/type="submit"/i.test(input[0]))
      fields[decodeHtml(name)] = decodeHtml(value ?? '');
  }
  return { action: new URL(decodeHtml(action ?? ''), pageUrl).toString(), fields };
}

export interface SignInSteps {
  loginResponse: Response;
  authorizeUrl: string;
  callbackUrl: string;
  oauthCookie: string;
}

/** Walks the sign-in forms as a browser would, up to (not including) the callback. */
export async function startSignIn(serviceUrl: string, login: string): Promise<SignInSteps> {
  const loginResponse = await fetch(`${serviceUrl}/auth/login`, { redirect: 'manual' });
  const authorizeUrl = loginResponse.headers.get('location') ?? '';
  const oauthCookie = cookiesOf(loginResponse).cms_oauth ?? '';
  const page = await fetch(authorizeUrl);
  const form = readForm(await page.text(), authorizeUrl);
  const approve = await fetch(form.action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, login }),
  });
  return {
    loginResponse,
    authorizeUrl,
    callbackUrl: approve.headers.get('location') ?? '',
    oauthCookie,
  };
}

/** A full sign-in as `login`; returns the `cms_session` cookie value. */
export async function signIn(serviceUrl: string, login: string): Promise<string> {
  const steps = await startSignIn(serviceUrl, login);
  const callback = await fetch(steps.callbackUrl, {
    redirect: 'manual',
    headers: { cookie: `cms_oauth=${steps.oauthCookie}` },
  });
  const session = cookiesOf(callback).cms_session;
  if (callback.status !== 302 || !session)
    throw new Error(`Sign-in failed: ${callback.status} ${await callback.text()}`);
  return session;
}
