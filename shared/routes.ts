import type { Group, RouteDef } from './http/route-def';
import { contentRoutes } from './route-table/content';
import { historyRoutes } from './route-table/history';
import { deviceRoutes } from './route-table/device';
import { healthRoutes } from './route-table/health';
import { mediaRoutes } from './route-table/media';
import { presenceRoutes } from './route-table/presence';
import { pullsRoutes } from './route-table/pulls';
import { reviewsRoutes } from './route-table/reviews';
import { reposRoutes } from './route-table/repos';
import { schedulesRoutes } from './route-table/schedules';
import { activityRoutes } from './route-table/activity';
import { sessionRoutes } from './route-table/session';
import { setsRoutes } from './route-table/sets';
import { tokensRoutes } from './route-table/tokens';
import { webhooksRoutes } from './route-table/webhooks';

/**
 * THE route table. Read by the group handlers (routing, authentication, validation), the local
 * gateway, the CDK stack (one function per group, one HTTP API route per row), the OpenAPI
 * document and the permission-matrix tests. A row lands together with its implementation, in its
 * group's file under route-table/. The order of the rows is the order of the OpenAPI document's
 * paths and of route matching: a new group's rows go at the end.
 */
export const routes = [
  ...healthRoutes,
  ...sessionRoutes,
  ...tokensRoutes,
  ...deviceRoutes,
  ...reposRoutes,
  ...contentRoutes,
  ...presenceRoutes,
  ...pullsRoutes,
  ...reviewsRoutes,
  ...mediaRoutes,
  ...schedulesRoutes,
  ...activityRoutes,
  ...webhooksRoutes,
  ...historyRoutes,
  ...setsRoutes,
] as const satisfies readonly RouteDef[];

export type RouteTable = typeof routes;
export type AnyRoute = RouteTable[number];
export type RouteId = AnyRoute['id'];
export type RoutesOfGroup<G extends string> = Extract<AnyRoute, { group: G }>;

/** A group's rows, typed, for its handler. */
export const routesOfGroup = <G extends Group>(group: G): RoutesOfGroup<G>[] =>
  routes.filter((route): route is RoutesOfGroup<G> => route.group === group);
