import { describe, expect, it } from 'vitest';
import { editorCspFor } from '../../shared/http/editor-headers';
import {
  defaultPreviewFrameOrigins,
  frameSrcDirective,
  parsePreviewFrameOrigins,
  previewFrameAllowed,
  previewOriginProblem,
} from '../../shared/pulls/preview-origins';

describe('the preview hosts the editor may frame', () => {
  it('default to Cloudflare Pages previews', () => {
    expect(defaultPreviewFrameOrigins).toEqual(['https://*.pages.dev']);
    expect(
      previewFrameAllowed(
        'https://cms-posts-hello.blog.pages.dev/posts/hello/',
        defaultPreviewFrameOrigins,
      ),
    ).toBe(true);
  });

  it('accept host-sources with a scheme, an optional *. and port, and refuse anything else, naming it', () => {
    for (const good of [
      'https://*.pages.dev',
      'https://preview.example.org',
      'http://127.0.0.1:4173',
      'https://staging.example.org:*',
      'HTTPS://Preview.Example.org',
    ]) {
      expect(previewOriginProblem(good), good).toBeUndefined();
    }
    for (const bad of [
      '*',
      'https:',
      "'self'",
      "'unsafe-inline'",
      'data:',
      'preview.example.org',
      'https://*',
      'https://a.example.org/path',
      'https://a.example.org:99999',
      'ftp://a.example.org',
      'https://a.*.example.org',
      'https://a.example.org; script-src *',
    ]) {
      expect(previewOriginProblem(bad), bad).toContain(`"${bad}" is not a preview origin`);
    }
    expect(
      parsePreviewFrameOrigins(
        ' https://*.pages.dev,https://preview.example.org  http://127.0.0.1:4173 ',
      ),
    ).toEqual(['https://*.pages.dev', 'https://preview.example.org', 'http://127.0.0.1:4173']);
    expect(parsePreviewFrameOrigins('')).toEqual([]);
    expect(() => parsePreviewFrameOrigins('https://ok.example.org, *')).toThrow(
      '"*" is not a preview origin',
    );
  });

  it('match a URL as CSP matches a host-source: scheme, *. for subdomains only, port', () => {
    const origins = [
      'https://*.pages.dev',
      'https://preview.example.org',
      'http://127.0.0.1:4173',
      'https://staging.example.org:*',
    ];
    const allowed = (url: string) => previewFrameAllowed(url, origins);
    expect(allowed('https://a.b.pages.dev/')).toBe(true);
    expect(allowed('https://pages.dev/')).toBe(false);
    expect(allowed('https://evilpages.dev/')).toBe(false);
    expect(allowed('http://a.pages.dev/')).toBe(false);
    expect(allowed('https://a.pages.dev:8443/')).toBe(false);
    expect(allowed('https://a.pages.dev:443/')).toBe(true);
    expect(allowed('https://PREVIEW.example.org/post?x=1#y')).toBe(true);
    expect(allowed('https://sub.preview.example.org/')).toBe(false);
    expect(allowed('http://127.0.0.1:4173/draft')).toBe(true);
    expect(allowed('http://127.0.0.1:4174/draft')).toBe(false);
    expect(allowed('http://127.0.0.1/draft')).toBe(false);
    expect(allowed('https://staging.example.org:9000/')).toBe(true);
    expect(allowed('javascript:alert(1)')).toBe(false);
    expect(allowed('not a url')).toBe(false);
    // An http source also allows https on the default port (CSP's upgrade), not the reverse.
    expect(
      previewFrameAllowed('https://preview.example.org/', ['http://preview.example.org']),
    ).toBe(true);
    expect(
      previewFrameAllowed('http://preview.example.org/', ['https://preview.example.org']),
    ).toBe(false);
    expect(previewFrameAllowed('https://preview.example.org/', [])).toBe(false);
  });

  it("are the policy's frame-src, which frames nothing when the list is empty", () => {
    expect(frameSrcDirective(['https://*.pages.dev', 'http://127.0.0.1:4173'])).toBe(
      'frame-src https://*.pages.dev http://127.0.0.1:4173',
    );
    expect(frameSrcDirective([])).toBe("frame-src 'none'");
    expect(editorCspFor(['https://preview.example.org']).split('; ')).toContain(
      'frame-src https://preview.example.org',
    );
  });
});
