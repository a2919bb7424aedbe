import { format } from 'node:util';
import { createJsonLogger, type Logger } from '../../shared/logger';

export interface LogCapture {
  /** The service's structured logger (the production JSON format), writing into the capture. */
  logger: Logger;
  /** Everything captured so far: logger lines, process stdout/stderr writes and console calls. */
  text(): string;
  /** Every secret in `secrets` that occurs in the capture, as `label: where`. */
  leaks(secrets: Iterable<[label: string, value: string]>): string[];
  /** Puts process.stdout/stderr and console back. */
  restore(): void;
}

const consoleMethods = ['log', 'info', 'warn', 'error', 'debug'] as const;

/**
 * Captures a whole test run's output: pass `logger` to startTestService, and every write to
 * process.stdout/stderr or console (the local host and the gateway write there) is recorded too,
 * then passed through as before.
 */
export function captureLogs(): LogCapture {
  const chunks: string[] = [];
  const record = (value: unknown) => {
    chunks.push(
      typeof value === 'string'
        ? value
        : Buffer.isBuffer(value)
          ? value.toString('utf8')
          : value instanceof Uint8Array
            ? Buffer.from(value).toString('utf8')
            : String(value),
    );
  };
  const originals = {
    stdout: process.stdout.write,
    stderr: process.stderr.write,
    console: Object.fromEntries(consoleMethods.map((name) => [name, console[name]])),
  };
  const wrapWrite = (original: typeof process.stdout.write, stream: NodeJS.WriteStream) =>
    function write(this: unknown, chunk: unknown, ...rest: unknown[]) {
      record(chunk);
      return (original as (...args: unknown[]) => boolean).call(stream, chunk, ...rest);
    } as typeof process.stdout.write;
  process.stdout.write = wrapWrite(originals.stdout, process.stdout);
  process.stderr.write = wrapWrite(originals.stderr, process.stderr);
  for (const name of consoleMethods) {
    const original = originals.console[name]!;
    console[name] = (...args: unknown[]) => {
      record(`${format(...args)}\n`);
      original.apply(console, args);
    };
  }
  return {
    logger: createJsonLogger((line) => record(`${line}\n`)),
    text: () => chunks.join(''),
    leaks(secrets) {
      const text = chunks.join('');
      const found: string[] = [];
      for (const [label, value] of secrets) {
        if (value.length < 8) continue;
        const at = text.indexOf(value);
        if (at !== -1)
          found.push(
            `${label}: …${text.slice(Math.max(0, at - 60), at).replace(/\s+/g, ' ')}[secret]…`,
          );
      }
      return found;
    },
    restore() {
      process.stdout.write = originals.stdout;
      process.stderr.write = originals.stderr;
      for (const name of consoleMethods) console[name] = originals.console[name]!;
    },
  };
}
