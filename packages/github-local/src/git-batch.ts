import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { GitCommandError, gitEnv, spawnGit } from './git-command';
import type { GitObject, GitObjectType } from './git-object-types';

/**
 * One long-lived `git cat-file --batch-command` process per repository, so reading objects costs a
 * pipe round trip instead of a process start. Lookups from any number of callers are written in
 * order and answered in order; git resolves every name afresh (refs included), so the process never
 * serves a stale branch. An idle process ends after a while and is started again on demand; a
 * process that dies fails the lookups it owed (as a GitCommandError) and the next lookup starts a
 * new one.
 */

const IDLE_MS = 30_000;
const HEADER = /^([0-9a-f]{40}) (blob|tree|commit|tag) (\d+)$/;

interface Pending {
  withContent: boolean;
  resolve(object: GitObject | null): void;
  reject(error: unknown): void;
}

class BatchProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly queue: Pending[] = [];
  /** Unparsed output; joined only when a header or a whole object is complete. */
  private parts: Buffer[] = [];
  private partsLength = 0;
  /** Bytes the object at the head of the queue still needs (content plus git's trailing newline). */
  private contentOf: { oid: string; type: GitObjectType; size: number } | null = null;
  private stderr = '';
  private idle: NodeJS.Timeout | undefined;
  private ended = false;
  private closing = false;

  constructor(
    readonly gitDir: string,
    private readonly onEnd: (process: BatchProcess) => void,
  ) {
    this.child = spawnGit(['cat-file', '--batch-command', '--buffer'], gitEnv(gitDir));
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString('utf8')).slice(-4_000);
    });
    this.child.stdin.on('error', () => undefined);
    this.child.on('error', (error) => this.end(error));
    this.child.on('close', (code) =>
      this.end(
        new GitCommandError(
          `git cat-file failed (${code}): ${this.stderr.trim()}`,
          code,
          this.stderr.trim(),
        ),
      ),
    );
    this.setIdle();
  }

  /** False once closing: a lookup after that goes to a new process, never to stdin that has ended. */
  get alive(): boolean {
    return !this.ended && !this.closing;
  }

  /** Every name must be non-empty and free of line breaks (the caller filters them). */
  lookup(names: string[], withContent: boolean): Promise<(GitObject | null)[]> {
    clearTimeout(this.idle);
    this.setReferenced(true);
    const command = withContent ? 'contents' : 'info';
    const answers = names.map(
      () =>
        new Promise<GitObject | null>((resolve, reject) =>
          this.queue.push({ withContent, resolve, reject }),
        ),
    );
    this.child.stdin.write(`${names.map((name) => `${command} ${name}\n`).join('')}flush\n`);
    return Promise.all(answers);
  }

  close(): void {
    this.closing = true;
    this.child.stdin.end();
  }

  private onData(chunk: Buffer): void {
    this.parts.push(chunk);
    this.partsLength += chunk.length;
    while (this.queue.length > 0) {
      if (this.contentOf) {
        const { oid, type, size } = this.contentOf;
        if (this.partsLength < size + 1) return;
        const joined = this.join();
        const content = Buffer.from(joined.subarray(0, size));
        this.rest(joined.subarray(size + 1));
        this.contentOf = null;
        this.queue.shift()!.resolve({ oid, type, size, content });
        continue;
      }
      const joined = this.join();
      const newline = joined.indexOf(0x0a);
      if (newline === -1) return;
      const match = HEADER.exec(joined.subarray(0, newline).toString('utf8'));
      this.rest(joined.subarray(newline + 1));
      const head = this.queue[0]!;
      if (!match) {
        // `<name> missing` or `<name> ambiguous`.
        this.queue.shift();
        head.resolve(null);
      } else if (head.withContent) {
        this.contentOf = {
          oid: match[1]!,
          type: match[2] as GitObjectType,
          size: Number(match[3]),
        };
      } else {
        this.queue.shift();
        head.resolve({
          oid: match[1]!,
          type: match[2] as GitObjectType,
          size: Number(match[3]),
          content: Buffer.alloc(0),
        });
      }
    }
    if (this.queue.length === 0) {
      this.setReferenced(false);
      this.setIdle();
    }
  }

  private join(): Buffer {
    if (this.parts.length !== 1) this.parts = [Buffer.concat(this.parts)];
    return this.parts[0] ?? Buffer.alloc(0);
  }

  private rest(remaining: Buffer): void {
    this.parts = remaining.length > 0 ? [remaining] : [];
    this.partsLength = remaining.length;
  }

  private setIdle(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.close(), IDLE_MS);
    this.idle.unref();
  }

  /** An idle reader never keeps the process alive; one that owes answers does. */
  private setReferenced(referenced: boolean): void {
    for (const handle of [this.child, this.child.stdout, this.child.stdin, this.child.stderr] as {
      ref?(): void;
      unref?(): void;
    }[]) {
      if (referenced) handle.ref?.();
      else handle.unref?.();
    }
  }

  private end(error: unknown): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.idle);
    this.setReferenced(false);
    for (const pending of this.queue.splice(0)) pending.reject(error);
    this.onEnd(this);
  }
}

const processes = new Map<string, BatchProcess>();
let lookups = 0;

/**
 * Looks up `names` (git revisions, each non-empty and on one line) in `gitDir` through its
 * long-lived reader; a name git cannot resolve yields null.
 */
export function batchLookup(
  gitDir: string,
  names: string[],
  withContent: boolean,
): Promise<(GitObject | null)[]> {
  if (names.length === 0) return Promise.resolve([]);
  lookups += 1;
  let reader = processes.get(gitDir);
  if (!reader?.alive) {
    reader = new BatchProcess(gitDir, (ended) => {
      if (processes.get(gitDir) === ended) processes.delete(gitDir);
    });
    processes.set(gitDir, reader);
  }
  return reader.lookup(names, withContent);
}

/** Ends the readers of every repository at or under `root` (a host's data directory when it closes, a re-pointed site). */
export function closeBatchReaders(root: string): void {
  for (const [gitDir, reader] of processes) {
    if (gitDir === root || gitDir.startsWith(`${root}/`)) {
      processes.delete(gitDir);
      reader.close();
    }
  }
}

/** How many readers run (tests: they are per repository and end when idle or closed). */
export const batchReaderCount = (): number => processes.size;

/** Round trips to the readers so far (tests: a warm read makes none). */
export const batchLookupCount = (): number => lookups;
