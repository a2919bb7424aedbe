/**
 * CloudFront Function (cloudfront-js-2.0) on the editor's viewer requests. The SPA is built with
 * base `/app/` and routes on the client, so an `/app/...` path that is not a file is a page: it
 * is served `/app/index.html`. A file is anything under `/app/assets/` or ending in a web file
 * extension; a page path may still hold dots (`/app/repos/octo/octo.github.io`). `/api/*` and
 * `/auth/*` never reach this function (they have their own behaviours); unlike an error-response
 * mapping this leaves real 404s of files and of the API alone.
 */
export const siteRouterCode = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri === '/' || uri === '/app') {
    return { statusCode: 302, statusDescription: 'Found', headers: { location: { value: '/app/' }, 'cache-control': { value: 'no-store' } } };
  }
  var file = uri.indexOf('/app/assets/') === 0 || /\\.(html|js|mjs|css|map|json|txt|xml|webmanifest|svg|png|jpe?g|gif|webp|avif|ico|woff2?|ttf)$/i.test(uri);
  if (uri.indexOf('/app/') === 0 && !file) {
    request.uri = '/app/index.html';
  }
  return request;
}`;
