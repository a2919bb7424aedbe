import type { RouteFn } from '../../../shared/http/types';
import type { RoutesOfGroup } from '../../../shared/routes';

type Route = Extract<RoutesOfGroup<'health'>, { id: 'getApiDocs' }>;

/**
 * The reference is a page of the editor's build (web/api-docs.html), so it is served where the
 * editor's files are, with the editor's headers and Content-Security-Policy: from the bucket by
 * CloudFront on AWS, by the local gateway locally. The path is relative to the site, which is the
 * API's origin on both.
 */
export const getApiDocs: RouteFn<Route, unknown> = async () => ({
  status: 302,
  headers: { location: '/app/api-docs.html' },
});
