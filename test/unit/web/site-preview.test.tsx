// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SitePreview } from '../../../web/src/components/editor/site-preview';
import { PaneTabs } from '../../../web/src/components/editor/pane-tabs';

afterEach(cleanup);
const fetched: string[] = [];
beforeAll(() => {
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return new Response(
      JSON.stringify({ previewFrameOrigins: ['https://*.pages.dev', "'unsafe-inline'"] }),
      { status: 200 },
    );
  });
});
afterAll(() => vi.unstubAllGlobals());

describe('the site preview panel', () => {
  it('frames a preview on a host the deployment allows, sandboxed and without referrer', async () => {
    render(<SitePreview url="https://cms-posts-hello.blog.pages.dev/posts/hello/" title="Hello" />);
    const frame = await screen.findByTitle('Preview of “Hello” on the site');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://cms-posts-hello.blog.pages.dev/posts/hello/');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups');
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.getByRole('link', { name: 'Open in a new tab' }).getAttribute('target')).toBe(
      '_blank',
    );
  });

  it('offers a preview elsewhere as a link, saying why it is not shown, and reads the settings once', async () => {
    render(<SitePreview url="https://deploy-preview-3.example.netlify.app/" title="Hello" />);
    const link = await screen.findByRole('link', { name: 'Open the preview in a new tab' });
    expect(link.getAttribute('href')).toBe('https://deploy-preview-3.example.netlify.app/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByTestId('site-preview').textContent).toContain(
      'deploy-preview-3.example.netlify.app, which this deployment does not let the editor show inline',
    );
    expect(document.querySelector('iframe')).toBeNull();
    expect(fetched).toEqual(['/app/settings.json']);
  });
});

describe('the pane switch', () => {
  it('is absent on wide screens without a site preview; offers Preview site when there is one', () => {
    const onChange = vi.fn();
    const { container, rerender } = render(
      <PaneTabs pane="write" wide site={false} onChange={onChange} />,
    );
    expect(container.innerHTML).toBe('');
    rerender(<PaneTabs pane="write" wide site onChange={onChange} />);
    expect(
      screen
        .getAllByRole('button')
        .map((button) => [button.textContent, button.getAttribute('aria-pressed')]),
    ).toEqual([
      ['Preview', 'true'],
      ['Preview site', 'false'],
    ]);
    rerender(<PaneTabs pane="site" wide={false} site onChange={onChange} />);
    expect(
      screen
        .getAllByRole('button')
        .map((button) => [button.textContent, button.getAttribute('aria-pressed')]),
    ).toEqual([
      ['Write', 'false'],
      ['Preview', 'false'],
      ['Preview site', 'true'],
    ]);
  });
});
