import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';

/**
 * Another revision's function code (`BENCH_BASELINE=<git ref>`, e.g. main), to bundle and load in
 * the same run as this checkout's: its functions/, shared/ and package files, exported from git
 * into `dir`, beside this checkout's installed packages (linked). Its bundles hold the package
 * versions installed here, which is what the comparison is about: the code.
 */
export function exportRevision(ref: string, projectRoot: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const archive = execFileSync(
    'git',
    ['archive', '--format=tar', ref, 'functions', 'shared', 'package.json', 'tsconfig.json'],
    { cwd: projectRoot, maxBuffer: 256 * 1024 * 1024 },
  );
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(path.join(projectRoot, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}
