import { readObjectInfos, readObjects, type GitObject, type GitObjectInfo } from '../git-objects';

/**
 * Batches the git object lookups of one GraphQL request: every lookup asked for while the query
 * resolves is answered by one `git cat-file --batch` (contents) and one `--batch-check` (sizes only)
 * per round, so a query with 100 aliased `object(...)` fields spawns one git process, not 100.
 * Results are cached for the request by name.
 */
export class ObjectLoader {
  private readonly objects = new Map<string, Promise<GitObject | null>>();
  private readonly infos = new Map<string, Promise<GitObjectInfo | null>>();
  private pendingObjects: {
    name: string;
    resolve(value: GitObject | null): void;
    reject(error: unknown): void;
  }[] = [];
  private pendingInfos: {
    name: string;
    resolve(value: GitObjectInfo | null): void;
    reject(error: unknown): void;
  }[] = [];
  private scheduled = false;

  constructor(readonly gitDir: string) {}

  /** The object (with its content) that a revision such as a sha or `main:path` names, or null. */
  object(name: string): Promise<GitObject | null> {
    let found = this.objects.get(name);
    if (!found) {
      found = new Promise((resolve, reject) => this.pendingObjects.push({ name, resolve, reject }));
      this.objects.set(name, found);
      this.schedule();
    }
    return found;
  }

  /** Type and size only (no content is read). */
  info(name: string): Promise<GitObjectInfo | null> {
    const loaded = this.objects.get(name);
    if (loaded)
      return loaded.then(
        (object) => object && { oid: object.oid, type: object.type, size: object.size },
      );
    let found = this.infos.get(name);
    if (!found) {
      found = new Promise((resolve, reject) => this.pendingInfos.push({ name, resolve, reject }));
      this.infos.set(name, found);
      this.schedule();
    }
    return found;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // setImmediate runs after every promise continuation queued so far, so that all the fields
    // graphql-js resolves in this round (siblings, list items, aliases) join the same batch.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const objects = this.pendingObjects;
    const infos = this.pendingInfos;
    this.pendingObjects = [];
    this.pendingInfos = [];
    await Promise.all([
      settle(objects, (names) => readObjects(this.gitDir, names)),
      settle(infos, (names) => readObjectInfos(this.gitDir, names)),
    ]);
  }
}

async function settle<T>(
  waiting: { name: string; resolve(value: T | null): void; reject(error: unknown): void }[],
  read: (names: string[]) => Promise<(T | null)[]>,
): Promise<void> {
  if (waiting.length === 0) return;
  try {
    const results = await read(waiting.map((entry) => entry.name));
    waiting.forEach((entry, index) => entry.resolve(results[index] ?? null));
  } catch (error) {
    for (const entry of waiting) entry.reject(error);
  }
}
