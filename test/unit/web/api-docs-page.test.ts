// @vitest-environment jsdom
// @vitest-environment-options { "url": "https://cms.example.org/app/api-docs.html" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountApiDocs } from '../../../web/src/api-docs/mount-api-docs';
import { openApiDocument } from '../../../shared/openapi/document';

/**
 * The reference page as deployed (an https site, not localhost, where Swagger UI behaves
 * differently): it renders the service's own document and sends nothing about the deployment
 * to anyone else. The page in a real browser, under the real policy: test/e2e/api-docs.e2e.ts.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the API reference page', () => {
  it("renders the service's own document whatever the page's query asks, and links no other origin", async () => {
    // Arrange
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      fetched.push(url.href);
      return new Response(JSON.stringify(openApiDocument({ serverUrl: location.origin })), {
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('scrollTo', () => {}); // deep links scroll; jsdom has no layout
    const root = document.body.appendChild(document.createElement('div'));

    // Act: the page's query string asks for another document, which must be ignored
    history.replaceState(null, '', '/app/api-docs.html?url=https://elsewhere.example/evil.json');
    mountApiDocs(root);
    await vi.waitFor(
      () => expect(root.querySelector('#operations-content-listContent')).not.toBeNull(),
      { timeout: 10_000 },
    );

    // Assess
    expect(fetched).toEqual(['https://cms.example.org/api/openapi.json']);
    const outside = [...root.querySelectorAll<HTMLElement>('[src], [href]')]
      .map((element) => element.getAttribute('src') ?? element.getAttribute('href') ?? '')
      .filter((address) => /^https?:/.test(address) && new URL(address).origin !== location.origin);
    expect(outside).toEqual([]);
  });
});
