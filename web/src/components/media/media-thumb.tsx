import { useState } from 'react';
import { mediaPathOf } from '../../../../shared/media/media-address';
import { baseName, isImagePath, mediaFileUrl } from '../../lib/media-paths';
import { useMediaScope } from './media-scope';

/**
 * A small preview of a stored value: the image read through the service (the session's access,
 * so a private repository's images show), or the file's name. Nothing is fetched for a value
 * outside the media directories.
 */
export function MediaThumb({ value }: { value: string }) {
  const scope = useMediaScope();
  const [failedFor, setFailedFor] = useState<string | undefined>();
  const path = scope ? mediaPathOf(value, scope.media) : undefined;
  if (!scope || !path)
    return (
      <span className="media-thumb media-thumb-file" title={value}>
        {value ? 'Not in a media folder' : ''}
      </span>
    );
  const src = mediaFileUrl(scope.repo, path, scope.ref);
  if (!isImagePath(path))
    return <span className="media-thumb media-thumb-file">{baseName(path)}</span>;
  if (failedFor === src)
    return (
      <span
        className="media-thumb media-thumb-file"
        role="img"
        aria-label={`${baseName(path)} could not be shown`}
      >
        Not found
      </span>
    );
  return (
    <img
      className="media-thumb"
      src={src}
      alt={`Preview of ${baseName(path)}`}
      loading="lazy"
      onError={() => setFailedFor(src)}
    />
  );
}
