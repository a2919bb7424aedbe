import type { ReactNode } from 'react';
import { isImagePath } from '../../lib/media-paths';
import { useAltTextPrompt } from './alt-text-prompt';
import type { MediaScopeValue } from './media-scope';
import { useUpload, type UploadState } from './use-upload';

/**
 * Uploads into the body: each image's alternative text is asked first (alt-text-prompt.tsx), then
 * the files are sent; what is committed comes back with its alt text for the markdown.
 */
export function useBodyUploads(scope: MediaScopeValue | undefined): {
  state: UploadState;
  uploadFiles(files: File[]): Promise<{ publicPath: string; alt?: string }[]>;
  askAlt(name: string): Promise<string>;
  dialog: ReactNode;
} {
  const state = useUpload(scope);
  const prompt = useAltTextPrompt();
  const uploadFiles = async (files: File[]) => {
    const alts: (string | undefined)[] = [];
    for (const file of files)
      alts.push(isImagePath(file.name) ? await prompt.ask(file.name) : undefined);
    const done = await state.upload(files);
    return done.map((committed, index) => ({ publicPath: committed.publicPath, alt: alts[index] }));
  };
  return { state, uploadFiles, askAlt: prompt.ask, dialog: prompt.dialog };
}
