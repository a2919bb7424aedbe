import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';

/** The service's own OpenAPI document, on the page's origin (the editor's `connect-src 'self'`). */
const openApiDocumentPath = '/api/openapi.json';

/**
 * The interactive API reference (/api/docs): Swagger UI rendering the service's OpenAPI document.
 * Swagger UI was chosen for running under the editor's Content-Security-Policy unchanged: its
 * stylesheet is a file and its React renders styles through the CSSOM, so `style-src 'self'`
 * refuses nothing (docs/security.md).
 */
export function mountApiDocs(domNode: HTMLElement): void {
  SwaggerUIBundle({
    url: openApiDocumentPath,
    domNode,
    // The validator badge (validator.swagger.io, given the document's URL) belongs to Swagger UI's
    // standalone layout, which this page does not use; null keeps it off should the layout change.
    validatorUrl: null,
    // Never render a document named in the page's query string (`?url=`): only the service's own.
    queryConfigEnabled: false,
    deepLinking: true,
    // "Try it out" calls the API from this page with the caller's session cookie, or with a token
    // typed into Authorize and kept only in this page's memory.
    tryItOutEnabled: false,
    persistAuthorization: false,
  });
}
