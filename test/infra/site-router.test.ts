import { describe, expect, it } from 'vitest';
import { editorCsp } from '../../shared/http/editor-headers';
import { siteRouterCode } from '../../infra/aws/site-router';

type Request = {
  uri: string;
  method: string;
  querystring: Record<string, unknown>;
  headers: Record<string, unknown>;
};
type Answer = Request | { statusCode: number; headers: Record<string, { value: string }> };

// The CloudFront Function's source, run as CloudFront runs it: `handler(event)` on the viewer request.
const handler = new Function(`${siteRouterCode}; return handler;`)() as (event: {
  request: Request;
}) => Answer;
const route = (uri: string) =>
  handler({ request: { uri, method: 'GET', querystring: {}, headers: {} } });

describe('the editor router (CloudFront Function)', () => {
  it('serves index.html for editor pages, at any depth', () => {
    expect(route('/app/')).toMatchObject({ uri: '/app/index.html' });
    expect(route('/app/repos/octo-org/site/posts')).toMatchObject({ uri: '/app/index.html' });
    expect(route('/app/settings/tokens')).toMatchObject({ uri: '/app/index.html' });
    expect(route('/app/repos/octo/octo.github.io')).toMatchObject({ uri: '/app/index.html' });
  });

  it('leaves files alone, so a missing asset stays a 404 instead of becoming the page', () => {
    expect(route('/app/assets/index-CI-f4tQR.js')).toMatchObject({
      uri: '/app/assets/index-CI-f4tQR.js',
    });
    expect(route('/app/index.html')).toMatchObject({ uri: '/app/index.html' });
    expect(route('/app/assets/missing.css')).toMatchObject({ uri: '/app/assets/missing.css' });
    expect(route('/app/assets/font')).toMatchObject({ uri: '/app/assets/font' });
    expect(route('/app/favicon.svg')).toMatchObject({ uri: '/app/favicon.svg' });
    expect(route('/favicon.ico')).toMatchObject({ uri: '/favicon.ico' });
  });

  it("serves the API reference's page (where /api/docs redirects) as the file it is, not as the editor", () => {
    expect(route('/app/api-docs.html')).toMatchObject({ uri: '/app/api-docs.html' });
  });

  it('sends the bare site and /app to /app/', () => {
    expect(route('/')).toMatchObject({
      statusCode: 302,
      headers: { location: { value: '/app/' } },
    });
    expect(route('/app')).toMatchObject({
      statusCode: 302,
      headers: { location: { value: '/app/' } },
    });
  });

  it('uses only what cloudfront-js-2.0 offers (no imports, no require)', () => {
    expect(siteRouterCode).not.toMatch(/\b(import|require|export)\b/);
  });
});

describe('the editor Content-Security-Policy', () => {
  it('allows the editor its own origin only, images from https origins too, and frames of Cloudflare Pages previews by default', () => {
    expect(editorCsp.split('; ')).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: https:",
      "connect-src 'self'",
      "font-src 'self'",
      'frame-src https://*.pages.dev',
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      'upgrade-insecure-requests',
    ]);
  });
});
