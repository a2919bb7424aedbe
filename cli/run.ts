import { CommanderError } from 'commander';
import { ApiError, CliError, exitCodes, ReportedFailure, type ExitCode } from './lib/errors';
import type { Io } from './lib/io';
import { buildProgram } from './program';

/** Runs one command line; resolves to the exit code (see lib/errors.ts). */
export async function runCli(argv: string[], io: Io): Promise<ExitCode> {
  try {
    await buildProgram(io).parseAsync(argv, { from: 'user' });
    return exitCodes.ok;
  } catch (error) {
    return report(error, io, argv.includes('--json'));
  }
}

function report(error: unknown, io: Io, json: boolean): ExitCode {
  if (error instanceof CommanderError) {
    // Commander has already printed its message (or the help/version asked for).
    const shown = error.code === 'commander.helpDisplayed' || error.code === 'commander.version';
    return shown ? exitCodes.ok : exitCodes.usage;
  }
  if (error instanceof ReportedFailure) return error.exitCode;
  if (error instanceof CliError) {
    const status = error instanceof ApiError ? { status: error.status } : {};
    io.stderr.write(
      json
        ? `${JSON.stringify({ error: error.message, ...status })}\n`
        : `error: ${error.message}\n`,
    );
    return error.exitCode;
  }
  io.stderr.write(`error: ${(error as Error)?.message ?? String(error)}\n`);
  return exitCodes.error;
}
