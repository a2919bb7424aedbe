// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadFieldKinds } from '../../../web/src/components/editor/field-kinds';
import { insertUploads } from '../../../web/src/components/editor/body-uploads';
import { FieldInput } from '../../../web/src/components/editor/field-input';
import { MediaScope, type MediaScopeValue } from '../../../web/src/components/media/media-scope';

afterEach(cleanup);

const scope: MediaScopeValue = {
  repo: 'demo/blog',
  media: [{ directory: 'static/images', publicPath: '/images' }],
  ref: 'cms/posts/hello',
  target: { repo: 'demo/blog', collection: 'posts', draft: { collection: 'posts', slug: 'hello' } },
  onUploaded: () => {},
};
const inScope = (children: ReactNode) => (
  <MediaScope.Provider value={scope}>{children}</MediaScope.Provider>
);

// As the editor does while the item loads: the rarer field types' inputs are chunks of their own.
beforeAll(() => preloadFieldKinds([{ name: 'cover', label: 'Cover', type: 'image' }]));

describe('the image field', () => {
  it('shows the stored path with a thumbnail read through the service at the draft, and clears it', () => {
    const changes: unknown[] = [];
    render(
      inScope(
        <FieldInput
          field={{ name: 'cover', type: 'image', label: 'Cover' }}
          value="/images/cover.png"
          onChange={(value) => changes.push(value)}
        />,
      ),
    );
    expect(screen.getByLabelText('Cover')).toHaveProperty('value', '/images/cover.png');
    expect(screen.getByRole('img', { name: 'Preview of cover.png' }).getAttribute('src')).toBe(
      '/api/repos/demo%2Fblog/media/file?path=static%2Fimages%2Fcover.png&ref=cms%2Fposts%2Fhello',
    );
    expect(screen.getByRole('button', { name: 'Upload…' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Clear Cover' }));
    expect(changes).toEqual(['']);
  });

  it('lists an image[] field’s paths, each with its remove button, and adds a typed one', () => {
    const changes: unknown[] = [];
    render(
      inScope(
        <FieldInput
          field={{ name: 'gallery', type: 'image[]', label: 'Gallery' }}
          value={['/images/a.png', '/images/b.png']}
          onChange={(value) => changes.push(value)}
        />,
      ),
    );
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual([
      'Preview of a.png',
      'Preview of b.png',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove /images/a.png' }));
    const input = screen.getByLabelText('Gallery');
    fireEvent.change(input, { target: { value: '/images/c.png' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(changes).toEqual([
      ['/images/b.png'],
      ['/images/a.png', '/images/b.png', '/images/c.png'],
    ]);
  });

  it('cannot upload where no media directory is configured', () => {
    render(
      <FieldInput
        field={{ name: 'cover', type: 'image', label: 'Cover' }}
        value=""
        onChange={() => {}}
      />,
    );
    expect(screen.getByRole('button', { name: 'Upload…' })).toHaveProperty('disabled', true);
  });
});

describe('files pasted or dropped into the body', () => {
  const file = (name: string) => new File(['x'], name, { type: 'image/png' });

  it('holds a placeholder at the cursor while uploading, then the image’s markdown', async () => {
    const view = new EditorView({
      state: EditorState.create({ doc: 'Before after' }),
      parent: document.body,
    });
    let finish: (value: { publicPath: string }[]) => void = () => {};
    const done = insertUploads(
      view,
      [file('My Photo.png')],
      7,
      () => new Promise((resolve) => (finish = resolve)),
    );
    expect(view.state.doc.toString()).toMatch(
      /^Before !\[Uploading My Photo\.png… #\d+\]\(\)after$/,
    );
    finish([{ publicPath: '/images/my-photo.png' }]);
    await done;
    expect(view.state.doc.toString()).toBe('Before ![My Photo](/images/my-photo.png)after');
    view.destroy();
  });

  it('removes the placeholder of a failed upload and links a file that is not an image', async () => {
    const view = new EditorView({ state: EditorState.create({ doc: '' }), parent: document.body });
    await insertUploads(view, [file('doc.pdf'), file('b.png')], 0, async () => [
      { publicPath: '/images/doc.pdf' },
    ]);
    expect(view.state.doc.toString()).toBe('[doc.pdf](/images/doc.pdf)\n');
    view.destroy();
  });
});
