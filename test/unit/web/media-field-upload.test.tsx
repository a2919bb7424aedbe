// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preloadFieldKinds } from '../../../web/src/components/editor/field-kinds';
import { FieldInput } from '../../../web/src/components/editor/field-input';
import { MediaScope, type MediaScopeValue } from '../../../web/src/components/media/media-scope';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The staging's PUT, answering as told, with one progress event. */
function stubXhr(status: number, text = '') {
  const sent: { url: string; body: unknown }[] = [];
  class Xhr {
    upload = { onprogress: null as ((event: object) => void) | null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(body: unknown) {
      sent.push({ url: this.url, body });
      this.upload.onprogress?.({ loaded: 1, total: 2, lengthComputable: true });
      this.status = status;
      this.responseText = text;
      queueMicrotask(() => this.onload?.());
    }
  }
  vi.stubGlobal('XMLHttpRequest', Xhr);
  return sent;
}

function renderField(onChange: (value: unknown) => void, uploaded: unknown[] = []) {
  const scope: MediaScopeValue = {
    repo: 'demo/blog',
    media: [{ directory: 'static/images', publicPath: '/images' }],
    target: {
      repo: 'demo/blog',
      collection: 'posts',
      draft: { collection: 'posts', slug: 'hello' },
    },
    onUploaded: (committed) => uploaded.push(committed.branch),
  };
  render(
    <MediaScope.Provider value={scope}>
      <FieldInput
        field={{ name: 'cover', type: 'image', label: 'Cover' }}
        value=""
        onChange={onChange}
      />
    </MediaScope.Provider>,
  );
}

const choose = (name: string) =>
  fireEvent.change(screen.getByLabelText('Upload image for Cover'), {
    target: { files: [new File(['ab'], name, { type: 'image/png' })] },
  });

// As the editor does while the item loads: the rarer field types' inputs are chunks of their own.
beforeAll(() => preloadFieldKinds([{ name: 'cover', label: 'Cover', type: 'image' }]));

describe('uploading into an image field', () => {
  it('asks for a ticket, PUTs the bytes, commits to the item’s draft and stores the public path', async () => {
    const requests: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push({ url, body: JSON.parse(String(init?.body)) });
        return url.endsWith('/uploads')
          ? json(
              {
                uploadId: 'u1',
                url: '/_staging/u1?sig=s',
                method: 'PUT',
                headers: { 'Content-Type': 'image/png' },
                expiresAt: '2030-01-01T00:00:00Z',
                maxBytes: 100,
              },
              201,
            )
          : json(
              {
                path: 'static/images/my-cover.png',
                publicPath: '/images/my-cover.png',
                sha: 'a'.repeat(40),
                size: 2,
                contentType: 'image/png',
                commit: 'b'.repeat(40),
                branch: 'cms/posts/hello',
              },
              201,
            );
      }),
    );
    const sent = stubXhr(200);
    const changes: unknown[] = [];
    const uploaded: unknown[] = [];
    renderField((value) => changes.push(value), uploaded);
    choose('My Cover.png');
    await waitFor(() => expect(changes).toEqual(['/images/my-cover.png']));
    expect(requests).toEqual([
      {
        url: '/api/repos/demo%2Fblog/media/uploads',
        body: { name: 'My Cover.png', size: 2, contentType: 'image/png' },
      },
      {
        url: '/api/repos/demo%2Fblog/media',
        body: {
          uploadId: 'u1',
          name: 'My Cover.png',
          collection: 'posts',
          draft: { collection: 'posts', slug: 'hello' },
        },
      },
    ]);
    expect(sent.map((request) => request.url)).toEqual(['/_staging/u1?sig=s']);
    expect(uploaded).toEqual(['cms/posts/hello']);
  });

  it('shows a refusal in the service’s words and changes nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: 'size: 30 MiB is over the 25 MiB limit' }, 413)),
    );
    const changes: unknown[] = [];
    renderField((value) => changes.push(value));
    choose('huge.png');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'huge.png was not uploaded: size: 30 MiB is over the 25 MiB limit',
    );
    expect(changes).toEqual([]);
  });

  it('shows a refused PUT in the staging’s words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            uploadId: 'u1',
            url: '/_staging/u1',
            method: 'PUT',
            headers: {},
            expiresAt: '2030-01-01T00:00:00Z',
            maxBytes: 100,
          },
          201,
        ),
      ),
    );
    stubXhr(403, '{"error":"The signed URL has expired"}');
    renderField(() => {});
    choose('late.png');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'late.png was not uploaded: The signed URL has expired',
    );
  });
});
