import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { CliError, exitCodes } from '../lib/errors';
import type { Io } from '../lib/io';

/**
 * `cms dev [dir]`: local mode serving one working tree, as `npm start -- --site DIR` does. The CLI
 * shares no server code (see .dependency-cruiser.cjs), so it runs the checkout's own start script
 * as a child process rather than importing it; it works from a checkout, where `npx cms` runs.
 */
const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
const startScript = path.join(projectRoot, 'infra/local/start.ts');

export const devCommand = (io: Io) =>
  new Command('dev')
    .description(
      'Start local mode serving the git working tree DIR as local/<dir name> (default: the current directory)',
    )
    .argument('[dir]', 'a git working tree with cms.config.json committed', '.')
    .action(async (dir: string) => {
      if (!existsSync(startScript))
        throw new CliError(
          'cms dev runs from a checkout of the service (infra/local/start.ts is missing)',
        );
      if (!existsSync(path.join(projectRoot, 'web/dist/index.html'))) {
        io.stderr.write(
          'note: the editor is not built; the API runs, but /app/ needs `npm start` once (it builds the editor)\n',
        );
      }
      const site = path.resolve(dir);
      const child = spawn(process.execPath, ['--import', 'tsx', startScript, '--site', site], {
        cwd: projectRoot,
        env: io.env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.pipe(io.stdout, { end: false });
      child.stderr.pipe(io.stderr, { end: false });
      const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
      const onInt = forward('SIGINT');
      const onTerm = forward('SIGTERM');
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
      const code = await new Promise<number | null>((resolve, reject) => {
        child.once('error', reject);
        child.once('close', (exitCode) => resolve(exitCode));
      }).finally(() => {
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
      });
      if (code === 2)
        throw new CliError(`local mode did not start for ${site} (see above)`, exitCodes.usage);
      if (code !== 0 && code !== null)
        throw new CliError(`local mode stopped with exit code ${code}`);
    });
