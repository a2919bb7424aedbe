import { useState } from 'react';
import { listSkippedFiles } from '../../api/content';
import type { SkippedFile } from '../../../../shared/content/schemas';
import { ErrorMessage } from '../ui/states';

/**
 * Files of the collection's folder that the list leaves out (a name or layout the collection
 * cannot serve): the count always shows, the reasons on request (one more request).
 */
export function SkippedFiles({
  repo,
  collection,
  count,
}: {
  repo: string;
  collection: string;
  count: number;
}) {
  const [files, setFiles] = useState<SkippedFile[] | undefined>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  if (count === 0) return null;

  const show = () => {
    setLoading(true);
    setError(undefined);
    listSkippedFiles(repo, collection)
      .then(setFiles, (failure: Error) => setError(failure.message))
      .finally(() => setLoading(false));
  };

  return (
    <div className="banner banner-info" role="note" data-testid="skipped-files">
      <span>
        {count === 1
          ? '1 file in this folder is not listed.'
          : `${count} files in this folder are not listed.`}
      </span>
      {!files && (
        <button type="button" className="button ghost" onClick={show} disabled={loading}>
          {loading ? 'Loading…' : 'Show why'}
        </button>
      )}
      {error !== undefined && <ErrorMessage error={error} onRetry={show} />}
      {files && (
        <ul className="banner-details">
          {files.map((file) => (
            <li key={file.path}>
              <code>{file.path}</code>: {file.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
