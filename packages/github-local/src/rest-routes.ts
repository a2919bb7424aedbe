import { applicationRoutes } from './rest-applications';
import { collaborationRoutes } from './collaboration-controls';
import { contentRoutes } from './rest-contents';
import { gitDataRoutes } from './rest-git-data';
import { installationRoutes } from './rest-installations';
import { repoRoutes } from './rest-repos';
import type { RestRoute } from './rest-router';
import { userRoutes } from './rest-user';

/**
 * Every endpoint the host answers below `/api/v3`, in dispatch order: the router is built from
 * this list, and the surface test (test/contract/host-surface.test.ts) reads it to hold the host
 * to what the service's adapters call.
 */
export const restRoutes: readonly RestRoute[] = [
  ...userRoutes,
  ...repoRoutes,
  ...installationRoutes,
  ...applicationRoutes,
  ...collaborationRoutes,
  ...contentRoutes,
  ...gitDataRoutes,
];
