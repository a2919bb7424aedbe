import { spawn } from 'node:child_process';

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
const BASE_ENV = { GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' };

export function runGit(gitDir: string, args: string[], options: RunGitOptions = {}): Promise<string> {
  return runGitBuffer(gitDir, args, options).then((out) => out.toString('utf8'));
}

export function runGitBuffer(gitDir: string, args: string[], options: RunGitOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      env: { ...process.env, ...BASE_ENV, GIT_DIR: gitDir, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
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
