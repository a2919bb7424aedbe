import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api-client';
import { blog, revParse } from '../support/drafts';
import { gitLog, gitShow } from '../support/git-read';
import type { TestService } from '../support/local-service';
import { startMediaService, upload } from '../support/media';

/**
 * Issue #30: SVGs that a static host serves as image/svg+xml from the site's own origin, where
 * Chromium ran them, were committed (201). The upload route now parses them (svg-check.ts) and
 * refuses them with a 400 naming what it refused, committing nothing.
 */
let service: TestService;
let api: ApiClient;
let demo: string;

beforeAll(async () => {
  ({ service, api, demo } = await startMediaService());
});
afterAll(async () => {
  await service?.stop();
});

const svgUpload = (name: string, source: string) =>
  upload(api, { session: demo }, name, Buffer.from(source), {}, 'image/svg+xml');
const root = (inner: string, namespaces = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg"${namespaces} width="10" height="10">${inner}</svg>\n`;

describe('SVG uploads are parsed, not pattern-matched', () => {
  it.each([
    [
      'prefixed-script.svg',
      root('<s:script>alert(document.domain)</s:script>', ' xmlns:s="http://www.w3.org/2000/svg"'),
      'a <script> element (line 1)',
    ],
    [
      'iframe.svg',
      root(
        '<s:foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example/"/></s:foreignObject>',
        ' xmlns:s="http://www.w3.org/2000/svg"',
      ),
      'a <foreignObject> element (line 1)',
    ],
    [
      'encoded-link.svg',
      root(
        '<a xlink:href="&#106;avascript:alert(1)"><rect width="10" height="10"/></a>',
        ' xmlns:xlink="http://www.w3.org/1999/xlink"',
      ),
      'a reference to "javascript:alert(1)" on <a> (line 1)',
    ],
    [
      'import.svg',
      root('<style>@import url(https://evil.example/x.css)</style>'),
      'an @import in a <style> (line 1)',
    ],
  ])(
    'refuses %s with 400 naming what it holds, and commits nothing',
    async (name, source, refused) => {
      const before = revParse(service, 'demo/blog', 'main');
      const answer = await svgUpload(name, source);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(
        `The SVG holds ${refused}; the site would serve it from its own origin, where a browser runs what an SVG holds and loads what it points at: remove it and upload again`,
      );
      expect(revParse(service, 'demo/blog', 'main')).toBe(before);
    },
  );

  it('commits a drawing with gradients, references inside the file and an inline raster image', async () => {
    const commits = gitLog(service.github, 'demo/blog').length;
    const drawing = root(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#08f"/></linearGradient></defs>' +
        '<style>.b{fill:url(#g)}</style><rect class="b" width="10" height="10"/><use xlink:href="#g"/>' +
        '<image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="/>',
      ' xmlns:xlink="http://www.w3.org/1999/xlink"',
    );
    const answer = await svgUpload('drawing.svg', drawing);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      path: 'static/images/drawing.svg',
      contentType: 'image/svg+xml',
    });
    expect(gitLog(service.github, 'demo/blog')).toHaveLength(commits + 1);
    expect(
      (await api.get(`${blog}/media`, { session: demo })).body.files.map(
        (file: { name: string }) => file.name,
      ),
    ).toEqual(['drawing.svg']);
  });

  it.each([
    ['a logo', 'gilbarbara-logos/logos/angular-icon.svg'],
    [
      'a shields.io badge whose logo is an SVG data: URL',
      'gtkacz-shieldsio-plus/assets/shields/flat/visual-studio.svg',
    ],
  ])('commits %s from the benign corpus as it is', async (_what, file) => {
    const svg = readFileSync(new URL(`../fixtures/svg/benign/${file}`, import.meta.url));
    const name = file.split('/').pop()!;
    const answer = await upload(api, { session: demo }, name, svg, {}, 'image/svg+xml');
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(gitShow(service.github, 'demo/blog', `main:static/images/${name}`)).toBe(
      svg.toString('utf8'),
    );
  });
});
