import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { readForm } from '../support/local-service';

/** The binary of a checkout, as `npx cms` runs it there: main.ts through tsx. */
export const binPath = fileURLToPath(new URL('../../cli/bin.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface CliHome {
  dir: string;
  /** Environment of a user with this home: nothing is inherited but PATH and TMPDIR. */
  env(extra?: Record<string, string>): Record<string, string>;
  remove(): Promise<void>;
}

/** A temporary HOME and XDG_CONFIG_HOME, so logins never touch the real ones. */
export async function createCliHome(serviceUrl: string): Promise<CliHome> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cms-cli-'));
  return {
    dir,
    env: (extra = {}) => ({
      PATH: process.env.PATH ?? '',
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      HOME: dir,
      XDG_CONFIG_HOME: path.join(dir, 'config'),
      CMS_URL: serviceUrl,
      ...extra,
    }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Starts `cms …` as its package ships it (the same main.ts, bundled once per run by
 * cli-bundle-setup.ts); `output()` reads what it printed so far, `done` its end.
 */
export function startCli(args: string[], env: Record<string, string>, input?: string) {
  return startEntry({ entry: inject('cliBundle'), args, env, input });
}

/** `node cli/bin.js …`, for what only a checkout does (`cms dev`). */
export const runCheckoutCli = (args: string[], env: Record<string, string>) =>
  startEntry({ entry: binPath, args, env }).done;

function startEntry(options: {
  entry: string;
  args: string[];
  env: Record<string, string>;
  input?: string;
}) {
  const { entry, args, env, input } = options;
  const child = spawn(process.execPath, [entry, ...args], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin.end(input);
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  /** Resolves with the first match of `pattern` in stderr, polling as the process writes. */
  async function waitForStderr(pattern: RegExp, timeoutMs = 20_000): Promise<RegExpMatchArray> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(stderr);
      if (match) return match;
      if (child.exitCode !== null || Date.now() > until)
        throw new Error(`No ${pattern} in stderr: ${stderr}\nstdout: ${stdout}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  return { child, done, waitForStderr };
}

export const runCli = (args: string[], env: Record<string, string>, input?: string) =>
  startCli(args, env, input).done;

/** What a person does at the host's device page: type the code, pick the user, approve or deny. */
export async function answerDevicePage(
  verificationUri: string,
  userCode: string,
  login: string,
  action: 'approve' | 'deny',
) {
  const page = await fetch(verificationUri);
  const form = readForm(await page.text(), verificationUri);
  const response = await fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...form.fields, user_code: userCode, login, action }),
  });
  if (response.status !== 200) throw new Error(`The device page answered ${response.status}`);
}

/** The verification URL and user code `cms login` prints. */
export const devicePrompt = /Open (\S+) and enter the code ([A-Z0-9]{4}-[A-Z0-9]{4})/;

/** `cms login` end to end: the test plays the browser as `login`. */
export async function loginAs(
  env: Record<string, string>,
  login: string,
  action: 'approve' | 'deny' = 'approve',
  extraArgs: string[] = [],
) {
  const cli = startCli(['login', ...extraArgs], env);
  const [, verificationUri = '', userCode = ''] = await cli.waitForStderr(devicePrompt);
  await answerDevicePage(verificationUri, userCode, login, action);
  return cli.done;
}
