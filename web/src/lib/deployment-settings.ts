import {
  editorSettingsPath,
  previewOriginProblem,
  type EditorSettings,
} from '../../../shared/pulls/preview-origins';

let loading: Promise<EditorSettings> | undefined;

/**
 * What this deployment tells the editor (/app/settings.json, written from the same setting as the
 * Content-Security-Policy), fetched once when first needed. Unreadable settings frame nothing: a
 * preview is then offered as a link, which always works.
 */
export function deploymentSettings(): Promise<EditorSettings> {
  loading ??= fetch(editorSettingsPath, { credentials: 'same-origin' })
    .then(async (response) => {
      if (!response.ok) return { previewFrameOrigins: [] };
      const body = (await response.json()) as Partial<EditorSettings>;
      const listed: unknown[] = Array.isArray(body.previewFrameOrigins)
        ? body.previewFrameOrigins
        : [];
      // An entry the policy could not hold either is ignored, not trusted.
      return {
        previewFrameOrigins: listed.filter(
          (entry): entry is string =>
            typeof entry === 'string' && previewOriginProblem(entry) === undefined,
        ),
      };
    })
    .catch(() => ({ previewFrameOrigins: [] }));
  return loading;
}
