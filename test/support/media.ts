import { expect } from 'vitest';
import { apiClient, type ApiClient, type Credentials } from './api-client';
import { blog, pushFiles } from './drafts';
import { startTestService, type TestService } from './local-service';

/** A PNG's signature and header start: enough for the type check, which reads magic numbers. */
export const pngBytes = (size = 64) => {
  const bytes = Buffer.alloc(size, 0x2a);
  Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
  ]).copy(bytes);
  return bytes;
};
export const jpegBytes = (size = 64) => {
  const bytes = Buffer.alloc(size, 0x11);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]).copy(bytes);
  return bytes;
};

/** The demo blog's config with a repository media directory and an image field on posts. */
export async function enableMedia(service: TestService) {
  const config = {
    name: 'Demo blog',
    media: { directory: 'static/images', publicPath: '/images' },
    collections: {
      posts: {
        label: 'Posts',
        directory: 'content/posts',
        fields: [
          { name: 'title', type: 'string', label: 'Title', required: true },
          { name: 'date', type: 'date', label: 'Date', required: true },
          { name: 'cover', type: 'image', label: 'Cover' },
        ],
        workflow: { default: 'pr' },
      },
      docs: {
        label: 'Docs',
        directory: 'content/docs',
        media: { directory: 'static/docs', publicPath: '/docs' },
        fields: [],
      },
    },
  };
  await pushFiles(service, 'demo/blog', 'main', {
    'cms.config.json': `${JSON.stringify(config, null, 2)}\n`,
  });
}

/** Local mode with the demo blog's media enabled, demo signed in and demo/blog connected. */
export async function startMediaService(): Promise<{
  service: TestService;
  api: ApiClient;
  demo: string;
}> {
  const service = await startTestService();
  const api = apiClient(service.url);
  await enableMedia(service);
  const demo = await api.signIn('demo');
  expect((await api.post('/api/repos', { fullName: 'demo/blog' }, { session: demo })).status).toBe(
    201,
  );
  return { service, api, demo };
}

/** Begins an upload, PUTs the bytes to the ticket's URL; answers the ticket. */
export async function stage(
  api: ApiClient,
  credentials: Credentials,
  name: string,
  bytes: Buffer,
  contentType = 'image/png',
) {
  const begin = await api.post(
    `${blog}/media/uploads`,
    { name, size: bytes.length, contentType },
    credentials,
  );
  expect(begin.status, JSON.stringify(begin.body)).toBe(201);
  const put = await fetch(begin.body.url, {
    method: 'PUT',
    headers: begin.body.headers,
    body: new Uint8Array(bytes),
  });
  expect(put.status, await put.clone().text()).toBe(200);
  return begin.body as { uploadId: string; url: string; headers: Record<string, string> };
}

/** Stages and commits; answers the commit's response. */
export async function upload(
  api: ApiClient,
  credentials: Credentials,
  name: string,
  bytes: Buffer,
  extra: Record<string, unknown> = {},
  contentType?: string,
) {
  const ticket = await stage(api, credentials, name, bytes, contentType);
  return api.post(`${blog}/media`, { uploadId: ticket.uploadId, name, ...extra }, credentials);
}
