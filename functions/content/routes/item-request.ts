import type { Actor } from '../../../shared/auth/actor';
import type { Caller } from '../../../shared/auth/caller';
import type { CollectionRef, ItemRef } from '../../../shared/content/item-ref';
import { actingOn } from '../../../shared/http/signed-in';

/** Who acts and on which collection, from a request to `…/content/{collection}`. */
export function collectionOf(request: {
  caller: Caller;
  params: { repo: string; collection: string };
}): Actor & CollectionRef {
  return { ...actingOn(request), collection: request.params.collection };
}

/** Who acts and on which item, from a request to `…/content/{collection}/{slug}`. */
export function itemOf(request: {
  caller: Caller;
  params: { repo: string; collection: string; slug: string };
}): Actor & ItemRef {
  return { ...collectionOf(request), slug: request.params.slug };
}
