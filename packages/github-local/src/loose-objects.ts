import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { constants, deflate } from 'node:zlib';
import { isPlainLayout } from './git-ref-files';

/**
 * Writing blobs and trees as loose objects without starting git: `<type> <size>\0<content>`,
 * named by its SHA-1 and deflated at git's default loose level (Z_BEST_SPEED; the compressed bytes
 * are zlib's business and may differ from git's zlib build, the object does not), written to
 * `objects/xx/<38 hex>` through a temporary file in the same directory and a rename, read-only
 * like git's. Only for repositories git itself would write the same way (see `canWriteObjects`).
 */

const deflateAsync = promisify(deflate);
const plainObjects = new Map<string, boolean>();

export type LooseObjectType = 'blob' | 'tree';

/** The raw object (header and content) git hashes and stores. */
export function objectBytes(type: LooseObjectType, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${type} ${content.length}\0`, 'ascii'), content]);
}

export const objectId = (type: LooseObjectType, content: Buffer): string =>
  createHash('sha1').update(objectBytes(type, content)).digest('hex');

/**
 * True for a files-backend repository with SHA-1 objects in its own `objects` directory and git's
 * default compression, permissions and syncing (no `commondir`, no reftable, no
 * `extensions.objectFormat`, no compression, `core.sharedRepository` or fsync setting in `config`).
 * Anything else keeps writing through git.
 */
export function canWriteObjects(gitDir: string): boolean {
  let plain = plainObjects.get(gitDir);
  if (plain === undefined) {
    let config: string | null;
    try {
      config = readFileSync(join(gitDir, 'config'), 'utf8');
    } catch {
      config = null;
    }
    plain =
      config !== null &&
      isPlainLayout(gitDir) &&
      !/objectformat|compression|sharedrepository|fsync/i.test(config);
    plainObjects.set(gitDir, plain);
  }
  return plain;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Writes one object (unless it is already there as a loose object) and answers its sha. */
export async function writeLooseObject(
  gitDir: string,
  type: LooseObjectType,
  content: Buffer,
): Promise<string> {
  const raw = objectBytes(type, content);
  const oid = createHash('sha1').update(raw).digest('hex');
  const dir = join(gitDir, 'objects', oid.slice(0, 2));
  const file = join(dir, oid.slice(2));
  if (await exists(file)) return oid;
  const deflated = await deflateAsync(raw, { level: constants.Z_BEST_SPEED });
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `tmp_obj_${randomBytes(6).toString('hex')}`);
  try {
    const handle = await open(temp, 'wx', 0o444);
    try {
      await handle.writeFile(deflated);
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  return oid;
}

/** Many objects, a bounded number at a time (a seed writes thousands). */
export async function writeLooseObjects(
  gitDir: string,
  type: LooseObjectType,
  contents: Buffer[],
): Promise<string[]> {
  const oids: string[] = new Array<string>(contents.length);
  let next = 0;
  const worker = async () => {
    while (next < contents.length) {
      const n = next++;
      oids[n] = await writeLooseObject(gitDir, type, contents[n]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(16, contents.length) }, worker));
  return oids;
}
