/**
 * An upload in its three steps: ask for a ticket, PUT the exact bytes to the ticket's signed URL
 * (with XMLHttpRequest: fetch reports no upload progress), then commit. Pure of React and of the
 * API module so the steps can be tested with fakes.
 */

export interface Ticket {
  uploadId: string;
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  maxBytes: number;
}

export interface Committed {
  path: string;
  publicPath: string;
  sha: string;
  size: number;
  contentType: string;
  branch?: string;
}

/** Where an upload goes: a collection's media directory, on the default branch or on an item's draft branch. */
export interface UploadTarget {
  repo: string;
  collection?: string;
  draft?: { collection: string; slug: string };
}

export interface UploadFile {
  name: string;
  size: number;
  type: string;
}

export interface UploadSteps<F extends UploadFile> {
  begin(
    target: UploadTarget,
    input: { name: string; size: number; contentType: string },
  ): Promise<Ticket>;
  put(ticket: Ticket, file: F, onProgress: (sent: number, total: number) => void): Promise<void>;
  commit(target: UploadTarget, input: { uploadId: string; name: string }): Promise<Committed>;
}

/** Progress in [0, 1] while the bytes are sent; 1 once they are, while the commit runs. */
export type ProgressListener = (fraction: number) => void;

export async function uploadFile<F extends UploadFile>(
  file: F,
  target: UploadTarget,
  steps: UploadSteps<F>,
  onProgress: ProgressListener = () => {},
): Promise<Committed> {
  if (file.size === 0) throw new Error(`${file.name} is empty: there is nothing to upload.`);
  const ticket = await steps.begin(target, {
    name: file.name,
    size: file.size,
    contentType: file.type || 'application/octet-stream',
  });
  onProgress(0);
  await steps.put(ticket, file, (sent, total) =>
    onProgress(total > 0 ? Math.min(1, sent / total) : 0),
  );
  onProgress(1);
  return steps.commit(target, { uploadId: ticket.uploadId, name: file.name });
}

/** The parts of XMLHttpRequest the PUT uses, so a test can hand in a fake. */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: unknown): void;
  upload: {
    onprogress:
      ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
  status: number;
  responseText: string;
}

/** PUTs `body` to the ticket's URL with its headers, reporting the bytes sent; the staging's `{error}` text on a refusal. */
export function putWithProgress(
  ticket: Ticket,
  body: unknown,
  onProgress: (sent: number, total: number) => void,
  makeXhr: () => XhrLike = () => new XMLHttpRequest() as unknown as XhrLike,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = makeXhr();
    xhr.open(ticket.method, ticket.url);
    for (const [name, value] of Object.entries(ticket.headers)) {
      // The browser sets Content-Length itself and refuses a script setting it.
      if (name.toLowerCase() !== 'content-length') xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new Error(putErrorText(xhr.status, xhr.responseText)));
    };
    xhr.onerror = () =>
      reject(new Error('The file could not be sent: the connection failed. Try again.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled.'));
    xhr.send(body);
  });
}

/** The staging's own words (`{"error": …}`, or an S3 XML `<Message>`), else the status. */
export function putErrorText(status: number, text: string): string {
  try {
    const parsed: unknown = JSON.parse(text);
    const error =
      typeof parsed === 'object' && parsed !== null
        ? (parsed as { error?: unknown }).error
        : undefined;
    if (typeof error === 'string' && error) return error;
  } catch {
    const message = /<Message>([^<]+)<\/Message>/.exec(text)?.[1];
    if (message) return message;
  }
  return `The file could not be sent (HTTP ${status}). Try again.`;
}
