import type { UploadState } from './use-upload';

/** A running upload's progress bar (the percentage in words too) and a failure in the service's words. */
export function UploadProgress({
  state,
}: {
  state: Pick<UploadState, 'progress' | 'error' | 'clearError'>;
}) {
  return (
    <>
      {state.progress && (
        <div className="upload-progress" role="status">
          <progress
            max={1}
            value={state.progress.fraction}
            aria-label={`Uploading ${state.progress.name}`}
          />
          <span className="small">
            {state.progress.fraction < 1
              ? `Uploading ${state.progress.name}: ${Math.round(state.progress.fraction * 100)}%`
              : `Saving ${state.progress.name}…`}
          </span>
        </div>
      )}
      {state.error && (
        <p role="alert" className="error-text upload-error">
          {state.error}{' '}
          <button type="button" className="button small" onClick={state.clearError}>
            Dismiss
          </button>
        </p>
      )}
    </>
  );
}
