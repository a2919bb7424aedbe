/**
 * UploadStaging: where uploaded bytes wait between the client and the commit, and where large
 * media reads are served from. Lambda takes at most 6 MB per request or response, so a media file
 * never travels through a function's payload: the client PUTs it to a short-lived signed URL, the
 * service then takes the bytes, checks them and commits them; a read too large to answer inline
 * is copied here once (by blob sha) and answered with a redirect to a short-lived signed URL.
 *
 * On AWS an S3 bucket (presigned PUT and GET, a one-day lifecycle); in local mode a directory
 * served by the local gateway under signed URLs with the same lifetimes and the same limits.
 */
export interface UploadTicket {
  /** Opaque; names the staged object. Only the user it was issued to can take it. */
  uploadId: string;
  /** Where to send the bytes: one PUT of exactly `size` bytes with `headers`. */
  url: string;
  method: 'PUT';
  headers: Record<string, string>;
  expiresAt: string;
}

export interface UploadStaging {
  /**
   * A signed place for one upload of exactly `size` bytes by `userId`, valid for
   * `uploadTicketSeconds`. The size is part of the signature: a different length is refused by
   * the store itself (S3: the signed Content-Length).
   */
  begin(input: { userId: string; size: number; contentType: string }): Promise<UploadTicket>;
  /**
   * The staged bytes of an upload issued to `userId`, or null when there are none (never put,
   * expired, already taken, or issued to someone else). Taking does not delete: `discard` does,
   * once the commit is done (or refused), so a failed commit can be retried with the same id.
   */
  take(input: { uploadId: string; userId: string }): Promise<Uint8Array | null>;
  discard(uploadId: string): Promise<void>;
  /**
   * A short-lived URL (`readUrlSeconds`) serving `bytes` with these response headers, stored once
   * under `key` (a blob sha with its repository: the same blob is stored once). For media reads
   * too large to answer inline.
   */
  readUrl(input: {
    key: string;
    bytes: () => Promise<Uint8Array>;
    headers: MediaResponseHeaders;
  }): Promise<string>;
}

/** The headers a staged read is answered with (S3: response-content-* query overrides). */
export interface MediaResponseHeaders {
  contentType: string;
  contentDisposition: string;
  cacheControl: string;
}

/** The largest media file an upload may carry. */
export const maxUploadBytes = 25 * 1024 * 1024;
/** How long an upload ticket's URL can be used. */
export const uploadTicketSeconds = 15 * 60;
/** How long a staged read's URL can be used. */
export const readUrlSeconds = 5 * 60;
/**
 * The largest media file answered inline by a read: Lambda answers at most 6 MB, and a binary body
 * travels base64-encoded (4 bytes per 3), headers included. Larger files are redirected to staging.
 */
export const maxInlineReadBytes = 4 * 1024 * 1024;
