import { lazy, type ComponentType } from 'react';
import type { AnyField } from '../../lib/form-model';

/** A promise's `then`, which may call back before it returns. */
interface Thenable<T> {
  then(resolve: (value: T) => void, reject: (cause: unknown) => void): void;
}

function chunk<M>(load: () => Promise<M>) {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (cause: unknown) => {
        // A failed download is tried again the next time the input is needed.
        pending = undefined;
        throw cause;
      },
    ));
  // React's lazy reads a thenable that calls back at once without suspending.
  const get = (): Thenable<M> =>
    loaded === undefined
      ? { then: (resolve, reject) => void preload().then(resolve, reject) }
      : { then: (resolve) => resolve(loaded as M) };
  const input = <P,>(pick: (module: M) => ComponentType<P>) =>
    lazy(
      () =>
        ({
          then: (resolve, reject) =>
            get().then((module) => resolve({ default: pick(module) }), reject),
        }) satisfies Thenable<{ default: ComponentType<P> }> as unknown as Promise<{
          default: ComponentType<P>;
        }>,
    );
  return { preload, input };
}

/**
 * The inputs of the field types a collection may not have (lists, relations, tag lists, media,
 * choices and date-times) are chunks of their own: an editor downloads one only when its collection
 * has such a field, and asks for it while the item loads (`preloadFieldKinds`). A chunk loaded
 * already answers at once, so the form then renders without a loading state.
 */
const chunks = {
  list: chunk(() => import('./list-input')),
  relation: chunk(() => import('./relation-input')),
  tags: chunk(() => import('./tags-input')),
  media: chunk(() => import('../media/media-field')),
  choice: chunk(() => import('./choice-inputs')),
};

export const ListInput = chunks.list.input((module) => module.ListInput);
export const RelationInput = chunks.relation.input((module) => module.RelationInput);
export const TagsInput = chunks.tags.input((module) => module.TagsInput);
export const MediaField = chunks.media.input((module) => module.MediaField);
export const SelectInput = chunks.choice.input((module) => module.SelectInput);
export const MultiSelectInput = chunks.choice.input((module) => module.MultiSelectInput);
export const DateTimeInput = chunks.choice.input((module) => module.DateTimeInput);

type Kind = keyof typeof chunks;

function kindOf(type: string): Kind | undefined {
  if (type === 'list' || type === 'relation') return type;
  if (type === 'select' || type === 'datetime') return 'choice';
  if (type === 'string[]') return 'tags';
  if (/^(?:image|file)(?:\[\])?$/.test(type)) return 'media';
  return undefined;
}

/** The kinds the fields need, nested ones (an object's fields, a list's item) included. */
function kindsOf(fields: readonly AnyField[], kinds = new Set<Kind>()): Set<Kind> {
  for (const field of fields) {
    const kind = kindOf(field.type);
    if (kind) kinds.add(kind);
    kindsOf([...(field.fields ?? []), ...(field.field ? [field.field] : [])], kinds);
  }
  return kinds;
}

/** Starts loading the inputs `fields` need; settles when they are loaded (each chunk loads once). */
export async function preloadFieldKinds(fields: readonly AnyField[]): Promise<void> {
  await Promise.all([...kindsOf(fields)].map((kind) => chunks[kind].preload()));
}
