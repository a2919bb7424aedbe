import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { BodyTooLargeError, readLimitedBody, refuse } from '@cms/github-local';
import {
  maxUploadBytes,
  readUrlSeconds,
  uploadTicketSeconds,
  type MediaResponseHeaders,
  type UploadStaging,
} from '../../shared/ports/upload-staging';

/** Where the local gateway serves staged uploads and reads; no route of the API starts so. */
export const stagingPathPrefix = '/_staging/';
/** Staged uploads are kept a day, as the bucket's lifecycle rule does on AWS. */
const uploadLifetimeMs = 24 * 60 * 60 * 1000;

interface UploadMeta {
  userId: string;
  size: number;
  contentType: string;
  /** Until when the PUT may happen (ms since the epoch). */
  putBefore: number;
  /** Until when the bytes are kept (ms since the epoch). */
  keepUntil: number;
}

export interface LocalStaging {
  staging: UploadStaging;
  /** Serves `/_staging/…` (signed PUTs of uploads, signed GETs of reads); false for any other path. */
  handle(req: http.IncomingMessage, res: http.ServerResponse): boolean;
}

/**
 * The UploadStaging port in local mode: a directory under the data dir, served by the local
 * gateway at URLs signed with an HMAC key made per process (a restart voids every URL, as an
 * expiry would). It refuses what S3 refuses for a presigned URL: a wrong signature, an expired
 * URL, a PUT whose length is not the signed size (above 25 MiB no size is ever signed), a method
 * the URL was not signed for.
 */
export function createLocalStaging(options: {
  dir: string;
  publicUrl: () => string;
  now: () => number;
}): LocalStaging {
  const key = randomBytes(32);
  const uploads = path.join(options.dir, 'uploads');
  const reads = path.join(options.dir, 'reads');
  const sign = (...parts: (string | number)[]) =>
    createHmac('sha256', key).update(parts.join('\n')).digest('base64url');
  const validId = (id: string) => /^[A-Za-z0-9_-]{16,64}$/.test(id);
  const metaOf = async (id: string): Promise<UploadMeta | null> => {
    try {
      return JSON.parse(await readFile(path.join(uploads, `${id}.json`), 'utf8')) as UploadMeta;
    } catch {
      return null;
    }
  };

  /** The bucket's lifecycle rule, run when an upload begins: uploads kept past their day are removed. */
  const sweep = async () => {
    const metas = (await readdir(uploads)).filter((file) => file.endsWith('.json'));
    await Promise.all(
      metas.map(async (file) => {
        const id = file.slice(0, -'.json'.length);
        const meta = await metaOf(id);
        if (meta && options.now() <= meta.keepUntil) return;
        await staging.discard(id);
      }),
    );
  };

  const staging: UploadStaging = {
    async begin({ userId, size, contentType }) {
      if (!Number.isInteger(size) || size < 1 || size > maxUploadBytes)
        throw new RangeError(`size must be 1 to ${maxUploadBytes} bytes`);
      await mkdir(uploads, { recursive: true, mode: 0o700 });
      await sweep();
      const uploadId = randomBytes(18).toString('base64url');
      const putBefore = options.now() + uploadTicketSeconds * 1000;
      const meta: UploadMeta = {
        userId,
        size,
        contentType,
        putBefore,
        keepUntil: putBefore + uploadLifetimeMs,
      };
      await writeFile(path.join(uploads, `${uploadId}.json`), JSON.stringify(meta), {
        mode: 0o600,
      });
      const expires = Math.floor(putBefore / 1000);
      const url = new URL(`${stagingPathPrefix}uploads/${uploadId}`, options.publicUrl());
      url.search = new URLSearchParams({
        expires: String(expires),
        size: String(size),
        sig: sign('PUT', uploadId, expires, size),
      }).toString();
      return {
        uploadId,
        url: url.toString(),
        method: 'PUT',
        headers: { 'content-type': contentType },
        expiresAt: new Date(putBefore).toISOString(),
      };
    },
    async take({ uploadId, userId }) {
      if (!validId(uploadId)) return null;
      const meta = await metaOf(uploadId);
      if (!meta || meta.userId !== userId || options.now() > meta.keepUntil) return null;
      try {
        const bytes = await readFile(path.join(uploads, `${uploadId}.bin`));
        return bytes.length === meta.size ? new Uint8Array(bytes) : null;
      } catch {
        return null;
      }
    },
    async discard(uploadId) {
      if (!validId(uploadId)) return;
      await Promise.all(
        ['json', 'bin'].map((ext) => rm(path.join(uploads, `${uploadId}.${ext}`), { force: true })),
      );
    },
    async readUrl({ key: objectKey, bytes, headers }) {
      await mkdir(reads, { recursive: true, mode: 0o700 });
      const name = createHash('sha256').update(objectKey).digest('hex');
      const file = path.join(reads, `${name}.bin`);
      const stored = await stat(file).then(
        () => true,
        () => false,
      );
      if (!stored) {
        await writeFile(file, await bytes(), { mode: 0o600 });
      }
      // The headers are the URL's own (S3: response-* overrides), stored beside the bytes.
      await writeFile(path.join(reads, `${name}.json`), JSON.stringify(headers), { mode: 0o600 });
      const expires = Math.floor(options.now() / 1000) + readUrlSeconds;
      const url = new URL(`${stagingPathPrefix}reads/${name}`, options.publicUrl());
      url.search = new URLSearchParams({
        expires: String(expires),
        sig: sign('GET', name, expires),
      }).toString();
      return url.toString();
    },
  };

  const signatureOk = (given: string | null, expected: string) => {
    const a = Buffer.from(given ?? '');
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const expired = (expires: number) => !Number.isFinite(expires) || options.now() > expires * 1000;

  async function put(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    id: string,
    query: URLSearchParams,
  ) {
    const expires = Number(query.get('expires'));
    const size = Number(query.get('size'));
    if (
      !validId(id) ||
      !signatureOk(
        query.get('sig'),
        sign('PUT', id, query.get('expires') ?? '', query.get('size') ?? ''),
      )
    )
      return refuse(req, res, 403, "The upload URL's signature does not match");
    if (expired(expires))
      return refuse(req, res, 403, 'The upload URL has expired: begin the upload again');
    if (
      req.headers['content-length'] === undefined ||
      Number(req.headers['content-length']) !== size
    ) {
      return refuse(
        req,
        res,
        403,
        `The upload URL is signed for exactly ${size} bytes (Content-Length must say so)`,
      );
    }
    const meta = await metaOf(id);
    if (!meta) return refuse(req, res, 403, 'No such upload');
    // S3 signs the Content-Type of a presigned PUT: any other type (or none) does not match.
    if (req.headers['content-type'] !== meta.contentType)
      return refuse(req, res, 403, `The upload URL is signed for Content-Type ${meta.contentType}`);
    let body: Buffer;
    try {
      body = await readLimitedBody(req, Math.min(size, maxUploadBytes));
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return refuse(req, res, 413, `The upload URL is signed for exactly ${size} bytes`);
      throw error;
    }
    if (body.length !== size)
      return refuse(
        req,
        res,
        400,
        `Received ${body.length} bytes; the upload URL is signed for exactly ${size}`,
      );
    await writeFile(path.join(uploads, `${id}.bin`), body, { mode: 0o600 });
    res
      .writeHead(200, {
        'content-length': '0',
        etag: `"${createHash('md5').update(body).digest('hex')}"`,
      })
      .end();
  }

  async function get(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    name: string,
    query: URLSearchParams,
  ) {
    const expires = Number(query.get('expires'));
    if (
      !/^[0-9a-f]{64}$/.test(name) ||
      !signatureOk(query.get('sig'), sign('GET', name, query.get('expires') ?? ''))
    )
      return refuse(req, res, 403, "The read URL's signature does not match");
    if (expired(expires))
      return refuse(req, res, 403, 'The read URL has expired: ask the API for the file again');
    let bytes: Buffer;
    let headers: MediaResponseHeaders;
    try {
      [bytes, headers] = await Promise.all([
        readFile(path.join(reads, `${name}.bin`)),
        readFile(path.join(reads, `${name}.json`), 'utf8').then(
          (text) => JSON.parse(text) as MediaResponseHeaders,
        ),
      ]);
    } catch {
      return refuse(req, res, 404, 'No such object');
    }
    res.writeHead(200, {
      'content-type': headers.contentType,
      'content-disposition': headers.contentDisposition,
      'cache-control': headers.cacheControl,
      'content-length': String(bytes.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    res.end(req.method === 'HEAD' ? undefined : bytes);
  }

  return {
    staging,
    handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://local');
      if (!url.pathname.startsWith(stagingPathPrefix)) return false;
      const [kind, id = '', ...rest] = url.pathname.slice(stagingPathPrefix.length).split('/');
      const run = (work: Promise<void> | void) =>
        Promise.resolve(work).catch((error: unknown) => {
          process.stderr.write(`staging error: ${(error as Error).stack ?? String(error)}\n`);
          if (!res.headersSent) refuse(req, res, 500, 'Internal Server Error');
        });
      if (rest.length === 0 && kind === 'uploads' && req.method === 'PUT')
        void run(put(req, res, id, url.searchParams));
      else if (
        rest.length === 0 &&
        kind === 'reads' &&
        (req.method === 'GET' || req.method === 'HEAD')
      )
        void run(get(req, res, id, url.searchParams));
      else
        refuse(
          req,
          res,
          405,
          'Staged uploads take PUT and staged reads GET, each at the URL the API signed',
        );
      return true;
    },
  };
}
