import { useState } from 'react';
import type { Committed } from '../../lib/media-upload';
import type { MediaScopeValue } from './media-scope';

export interface UploadState {
  /** The file being sent and how far (0 to 1); undefined when idle. */
  progress?: { name: string; fraction: number };
  error?: string;
  upload(files: readonly File[]): Promise<Committed[]>;
  clearError(): void;
}

/** Sends files one after the other through the scope's target; a failure stops there and says why in the service's words. */
export function useUpload(scope: MediaScopeValue | undefined): UploadState {
  const [progress, setProgress] = useState<UploadState['progress']>();
  const [error, setError] = useState<string | undefined>();
  const upload = async (files: readonly File[]) => {
    if (!scope) return [];
    setError(undefined);
    const done: Committed[] = [];
    try {
      // The upload's client loads with the first file sent: an editor that sends none never needs it.
      const [{ browserUploadSteps }, { uploadFile }] = await Promise.all([
        import('../../api/media'),
        import('../../lib/media-upload'),
      ]);
      for (const file of files) {
        setProgress({ name: file.name, fraction: 0 });
        const committed = await uploadFile(file, scope.target, browserUploadSteps, (fraction) =>
          setProgress({ name: file.name, fraction }),
        );
        scope.onUploaded(committed);
        done.push(committed);
      }
    } catch (cause) {
      setError(`${progressName(files, done.length)}: ${(cause as Error).message}`);
    } finally {
      setProgress(undefined);
    }
    return done;
  };
  return { progress, error, upload, clearError: () => setError(undefined) };
}

const progressName = (files: readonly File[], index: number) =>
  `${files[index]?.name ?? 'The file'} was not uploaded`;

/** Files carried by a paste or a drop (none for plain text). */
export function filesOf(data: DataTransfer | null): File[] {
  return data ? Array.from(data.files) : [];
}
