import type { DeviceFlow } from '../../shared/auth/device-flow';
import type { Logger } from '../../shared/logger';
import { deviceRoutes } from '../../shared/route-table/device';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { RouteFn } from '../../shared/http/types';
import type { RoutesOfGroup } from '../../shared/routes';
import { reviewPage } from './review-page';

export interface DeviceDeps {
  deviceFlow: DeviceFlow;
  logger: Logger;
  publicUrl: string;
}

type Route<Id> = Extract<RoutesOfGroup<'device'>, { id: Id }>;

const startDevice: RouteFn<Route<'startDevice'>, DeviceDeps> = async ({ body }, deps) => {
  const code = await deps.deviceFlow.start(body);
  const reviewUri = `${deps.publicUrl.replace(/\/+$/, '')}/auth/device/review?code=${encodeURIComponent(code.userCode)}`;
  return { status: 200, body: { ...code, reviewUri } };
};

const reviewDevice: RouteFn<Route<'reviewDevice'>, DeviceDeps> = async ({ query }, deps) => {
  const page = reviewPage(await deps.deviceFlow.review(query.code));
  return { status: 200, html: page.html, headers: page.headers };
};

const pollDevice: RouteFn<Route<'pollDevice'>, DeviceDeps> = async ({ body }, deps) => ({
  status: 200,
  body: await deps.deviceFlow.poll(body.deviceCode),
});

/** Every route is open: the device code is the credential, and the review page shows no secret. */
export const makeDeviceHandler = (deps: DeviceDeps) =>
  makeGroupHandler({
    table: deviceRoutes,
    routes: { startDevice, reviewDevice, pollDevice },
    deps,
    logger: deps.logger,
    publicUrl: () => deps.publicUrl,
  });
