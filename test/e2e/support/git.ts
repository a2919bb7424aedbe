import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A file as it is on a branch of a bare repository of the local GitHub host. */
export async function gitShow(gitDir: string, ref: string, file: string): Promise<string> {
  const { stdout } = await run('git', ['--git-dir', gitDir, 'show', `${ref}:${file}`]);
  return stdout;
}

export async function gitLog(gitDir: string, ref: string, count = 5): Promise<string[]> {
  const { stdout } = await run('git', [
    '--git-dir',
    gitDir,
    'log',
    '--format=%s',
    `-${count}`,
    ref,
  ]);
  return stdout.trim().split('\n');
}
