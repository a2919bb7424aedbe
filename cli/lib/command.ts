import { Command } from 'commander';
import { createContext, type CommonOptions, type Context } from './context';
import type { Io } from './io';

/** A command that does something: every one takes --url and --json. */
export function leaf(name: string, description: string): Command {
  return new Command(name)
    .description(description)
    .option(
      '--url <url>',
      'the service URL (default: $CMS_URL, else the service of the last login)',
    )
    .option('--json', 'print JSON for scripts instead of text');
}

/** Commander's action callback → `fn(context, positional arguments, options)`. */
export function run<A extends unknown[], O extends object = object>(
  io: Io,
  fn: (context: Context, args: A, options: CommonOptions & O) => Promise<void>,
) {
  return async (...raw: unknown[]) => {
    const command = raw[raw.length - 1] as Command;
    const options = command.opts<CommonOptions & O>();
    await fn(createContext(io, options), command.processedArgs as A, options);
  };
}
