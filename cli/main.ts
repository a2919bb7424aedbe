import { runCli } from './run';

/** The `cms` entry: cli/bin.js loads this through tsx. */
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
});
