import type { DeviceFlow } from '../../shared/auth/device-flow';
import type { Logger } from '../../shared/http/logger';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { RouteFn } from '../../shared/http/types';
import type { RoutesOfGroup } from '../../shared/routes';

export interface DeviceDeps {
  deviceFlow: DeviceFlow;
  logger: Logger;
  publicUrl: string;
}

type Route<Id> = Extract<RoutesOfGroup<'device'>, { id: Id }>;

const startDevice: RouteFn<Route<'startDevice'>, DeviceDeps> = async (_request, deps) => ({ status: 200, body: await deps.deviceFlow.start() });

const pollDevice: RouteFn<Route<'pollDevice'>, DeviceDeps> = async ({ body }, deps) => ({ status: 200, body: await deps.deviceFlow.poll(body.deviceCode) });

/** Both routes are open: the device code is the credential. */
export const makeDeviceHandler = (deps: DeviceDeps) =>
  makeGroupHandler({ group: 'device', routes: { startDevice, pollDevice }, deps, logger: deps.logger, publicUrl: () => deps.publicUrl });
