import { InvalidInputError } from '../errors';
import { acceptedExtensions, extensionOf, typeOfExtension, type MediaType } from './media-types';

/** The longest upload name accepted, and the longest slugged base name kept. */
export const maxNameLength = 255;
const maxBaseLength = 100;

// C0 and C1 control characters, DEL included.
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const controlCharacter = /[\u0000-\u001f\u007f-\u009f]/;

export interface MediaName {
  /** The slugged file name: lowercase a-z, digits and "-", then the extension (`my-photo.jpg`). */
  name: string;
  extension: string;
  type: MediaType;
}

/**
 * The file name an upload is committed under. The name the person gave is refused when it is
 * empty, too long, has control characters or path separators (`/`, `\`) or is `.`/`..`; it is
 * then slugged (accents dropped, lower case, runs of anything else turned into one "-") and keeps
 * its extension, which must be one of an accepted type.
 */
export function mediaName(given: string, field = 'name'): MediaName {
  if (given.trim() === '') throw new InvalidInputError(`${field}: must not be empty`);
  if (given.length > maxNameLength)
    throw new InvalidInputError(`${field}: must be at most ${maxNameLength} characters`);
  if (controlCharacter.test(given))
    throw new InvalidInputError(`${field}: must not contain control characters`);
  if (given.includes('/') || given.includes('\\'))
    throw new InvalidInputError(`${field}: must be a file name, without "/" or "\\" (no folders)`);
  if (given === '.' || given === '..')
    throw new InvalidInputError(`${field}: must be a file name, not "${given}"`);
  const extension = extensionOf(given);
  const type = typeOfExtension(extension);
  if (!type) {
    throw new InvalidInputError(
      `${field}: ${extension ? `".${extension}" is not an accepted type` : 'needs an extension'}; accepted: ${acceptedExtensions.map((ext) => `.${ext}`).join(', ')}`,
    );
  }
  const base = given
    .slice(0, given.length - extension.length - 1)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxBaseLength)
    .replace(/-+$/, '');
  if (base === '')
    throw new InvalidInputError(
      `${field}: needs at least one letter or digit before ".${extension}"`,
    );
  return { name: `${base}.${extension}`, extension, type };
}
