import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

/** Runs a git command against a bare repository; a failure is a GitCommandError with git's stderr. */

export class GitCommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'GitCommandError';
  }
}

export interface RunGitOptions {
  input?: string | Buffer;
  env?: Record<string, string>;
}

/** Isolated from the user's and system's git configuration so results never depend on the machine. */
const BASE_ENV = {
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_TERMINAL_PROMPT: '0',
  LC_ALL: 'C',
};

/** The environment every git process of the host runs with. */
export const gitEnv = (gitDir: string, extra?: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  ...BASE_ENV,
  GIT_DIR: gitDir,
  ...extra,
});

let started = 0;

/** Starts git for the host; every git process goes through here, so the count is exact. */
export function spawnGit(args: string[], env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
  started += 1;
  return spawn('git', args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** How many git processes the host has started in this Node process (tests and benchmarks assert it). */
export const gitProcessCount = (): number => started;

export function runGit(
  gitDir: string,
  args: string[],
  options: RunGitOptions = {},
): Promise<string> {
  return runGitBuffer(gitDir, args, options).then((out) => out.toString('utf8'));
}

export function runGitBuffer(
  gitDir: string,
  args: string[],
  options: RunGitOptions = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawnGit(args, gitEnv(gitDir, options.env));
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve(Buffer.concat(out));
      const stderr = Buffer.concat(err).toString('utf8').trim();
      reject(new GitCommandError(`git ${args[0]} failed (${code}): ${stderr}`, code, stderr));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');
  });
}
