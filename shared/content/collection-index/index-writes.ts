import type { GitHost } from '../../ports/git-host';
import { keys } from '../../store/keys';
import { nowSeconds, type Store, type StoreItem, type StoreKey } from '../../ports/store';
import type { ListedFile } from '../item-listing';
import { parsedOfText, symlinkProblem, type ParsedCache, type ParsedFile } from '../parsed-file';
import { repoId } from '../repo-reader';
import { chunksOf, indexedItemOf, type ChunkOptions, type SortableField } from './index-chunks';
import {
  holding,
  indexTtlSeconds,
  refreshAfterSeconds,
  refsJson,
  type ChunkRef,
  type IndexState,
} from './index-state';

/**
 * One segment's chunks, written: frontmatter from the parsed cache by blob sha, the missing blobs
 * from GitHub (100 per query, with the builder's token) and cached in turn, then the data and
 * summary chunks in one batch. A chunk already written lately (the same content, so the same id)
 * is not written again.
 */
export async function writeSegment(input: {
  store: Pick<Store, 'batchPut'>;
  cache: ParsedCache;
  gitHost: Pick<GitHost, 'readBlobs'>;
  token: string;
  repo: string;
  files: readonly ListedFile[];
  key: string;
  fields: readonly SortableField[];
  settings: ChunkOptions;
  now: () => number;
  known: readonly ChunkRef[];
}): Promise<ChunkRef[]> {
  const shas = [...new Set(input.files.filter((file) => !file.symlink).map((file) => file.sha))];
  const parsed = await input.cache.getMany(shas);
  const missing = shas.filter((sha) => !parsed.has(sha));
  if (missing.length > 0) {
    const texts = await input.gitHost.readBlobs(input.token, repoId(input.repo), missing);
    const fresh = new Map<string, ParsedFile>(
      missing.map((sha) => [sha, parsedOfText(texts.get(sha))]),
    );
    for (const [sha, file] of fresh) parsed.set(sha, file);
    await input.cache.putMany(fresh);
  }
  const items = input.files.map((file) =>
    indexedItemOf(
      file,
      file.symlink
        ? { frontmatter: {}, problem: symlinkProblem }
        : (parsed.get(file.sha) ?? { frontmatter: {} }),
    ),
  );
  const at = nowSeconds(input.now());
  const written = new Map(
    input.known.filter((ref) => ref.at > at - refreshAfterSeconds).map((ref) => [ref.id, ref.at]),
  );
  const chunks = chunksOf(items, input.fields, input.settings.maxBytes);
  const ttl = at + indexTtlSeconds;
  const puts = chunks.flatMap((chunk): StoreItem[] =>
    written.has(chunk.id)
      ? []
      : [
          { ...keys.indexChunk(chunk.id), data: chunk.data, ttl },
          { ...keys.indexSummary(chunk.sid), summary: chunk.summary, ttl },
        ],
  );
  if (puts.length > 0) await input.store.batchPut(puts);
  return chunks.map((chunk) => ({
    id: chunk.id,
    sid: chunk.sid,
    key: input.key,
    count: chunk.count,
    bytes: chunk.bytes,
    at: written.get(chunk.id) ?? at,
  }));
}

/**
 * A current index's chunks written more than 15 days ago are written again with a new expiry, so
 * that an index in use never expires under its lists (chunks live 30 days). False when some had
 * expired already: the index must be built again (from the chunks still there).
 */
export async function refreshChunks(input: {
  store: Store;
  now: () => number;
  key: StoreKey;
  owner: string;
  state: IndexState;
}): Promise<boolean> {
  const at = nowSeconds(input.now());
  const old = input.state.chunks.filter((ref) => ref.at <= at - refreshAfterSeconds);
  if (old.length === 0) return true;
  const found = await input.store.batchGet(
    old.flatMap((ref) => [keys.indexChunk(ref.id), keys.indexSummary(ref.sid)]),
  );
  const ttl = at + indexTtlSeconds;
  await input.store.batchPut(found.map((item) => ({ ...item, ttl })));
  const kept = new Set(found.map((item) => item.pk));
  const chunks = input.state.chunks.map((ref) =>
    kept.has(keys.indexChunk(ref.id).pk) && kept.has(keys.indexSummary(ref.sid).pk)
      ? { ...ref, at }
      : ref,
  );
  await input.store.update(input.key, { chunksJson: refsJson(chunks), ttl }, holding(input.owner));
  return chunks.every((ref) => ref.at === at || !old.includes(ref));
}
