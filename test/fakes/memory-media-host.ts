import { NotFoundError } from '../../shared/errors';
import type { MediaHost } from '../../shared/ports/media-host';
import type { MemoryProvider } from './memory-provider';

/** The MediaHost port over the in-memory provider: blobs stored and read by oid, with its access rules. */
export function createMemoryMediaHost(provider: MemoryProvider): MediaHost {
  return {
    async createBlob(token, id, bytes) {
      provider.writable(token, id, 'storing a file');
      return provider.objects.putBlob(Buffer.from(bytes));
    },
    async readBlob(token, id, oid) {
      if (!provider.visible(token, id))
        throw new NotFoundError('Not found on GitHub while reading a file');
      const bytes = provider.objects.blobs.get(oid);
      if (!bytes) throw new NotFoundError(`No blob ${oid}`);
      return new Uint8Array(bytes);
    },
  };
}
