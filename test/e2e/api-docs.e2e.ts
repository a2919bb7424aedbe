import { describe, expect, it } from 'vitest';
import { editorHeaders } from '../../shared/http/editor-headers';
import { openApiDocument } from '../../shared/openapi/document';
import { useEditorSession } from './support/session';

/**
 * The interactive API reference at /api/docs: Swagger UI, built into the editor's site as its own
 * page, renders the service's OpenAPI document under the editor's own headers and policy. The
 * session fails a test on any CSP violation, console error or request leaving the service; the
 * browser is signed in, so "Try it out" calls the API with the session, as a person's would.
 */
const session = useEditorSession();
const page = () => session.browser.page;
/** The parts of the document the page must show, read from it as the page reads it. */
type Document = {
  paths: Record<string, Record<string, { summary: string; parameters: { name: string }[] }>>;
  components: { schemas: Record<string, { properties: Record<string, unknown> }> };
};
const document = openApiDocument() as unknown as Document;
const listContent = document.paths['/api/repos/{repo}/content/{collection}']!.get!;
const contentItem = document.components.schemas.ContentItem!;
/** Swagger UI's block of one operation: `operations-{tag}-{operationId}`. */
const operation = () => page().locator('#operations-content-listContent');

describe('the API reference at /api/docs', () => {
  it("opens the reference page with the editor's headers, its Content-Security-Policy unchanged", async () => {
    const response = await page().goto(`${session.service.url}/api/docs`);

    expect(new URL(page().url()).pathname).toBe('/app/api-docs.html');
    expect(response?.status()).toBe(200);
    const headers = await response!.allHeaders();
    expect(
      Object.fromEntries(
        Object.keys(editorHeaders).map((name) => [name, headers[name.toLowerCase()]]),
      ),
    ).toEqual(editorHeaders);
    await page()
      .getByRole('heading', { name: /Content editing service/ })
      .waitFor();
  });

  it('lists listContent with its summary and, opened, its parameters', async () => {
    await operation().locator('.opblock-summary-description').waitFor();
    expect(await operation().locator('.opblock-summary-description').textContent()).toBe(
      listContent.summary,
    );

    await operation().locator('.opblock-summary-control').click();
    const names = operation().locator('.parameters .parameter__name');
    await names.first().waitFor();
    // A required parameter's name is followed by a star.
    expect((await names.allTextContents()).map((name) => name.replace(/\s*\*$/, ''))).toEqual(
      listContent.parameters.map((parameter) => parameter.name),
    );
  });

  it('expands a schema to show its properties', async () => {
    const title = page().locator(':scope > .json-schema-2020-12-head .json-schema-2020-12__title', {
      hasText: /^ContentItem$/,
    });
    const model = page()
      .locator('section.models article[data-json-schema-level="0"]')
      .filter({ has: title });
    await model.scrollIntoViewIfNeeded();
    await model.locator('.json-schema-2020-12-accordion').first().click();

    const properties = model.locator(
      'article[data-json-schema-level="1"] .json-schema-2020-12__title',
    );
    await properties.first().waitFor();
    expect(await properties.allTextContents()).toEqual(Object.keys(contentItem.properties));
  });

  it('tries listContent out against the service with the signed-in session', async () => {
    await operation().getByRole('button', { name: 'Try it out' }).click();
    await operation().locator('tr[data-param-name="repo"] input').fill('demo/blog');
    await operation().locator('tr[data-param-name="collection"] input').fill('posts');
    await operation().getByRole('button', { name: 'Execute' }).click();

    const answer = operation().locator('.live-responses-table tbody .response').first();
    await answer.waitFor();
    expect(await answer.locator('.response-col_status').textContent()).toBe('200');
    expect(
      await answer.locator('.response-col_description .highlight-code').first().textContent(),
    ).toContain('"slug": "2024-02-14-hello-world"');
    expect(session.browser.problems()).toEqual([]);
  });
});
