import { createApiTokens } from '../../shared/auth/api-tokens';
import { createDeviceFlow } from '../../shared/auth/device-flow';
import { createUsers } from '../../shared/auth/users';
import type { Ports } from '../ports';
import { withOrigin } from '../wire-base';
import { makeDeviceHandler } from './app';

/** Every device route is open (the device code is the credential): no sessions to resolve. */
export function wireDevice(
  ports: Pick<
    Ports,
    'store' | 'keyProvider' | 'tokenHmacKey' | 'oauth' | 'gitHost' | 'logger' | 'publicUrl' | 'now'
  >,
) {
  const { store, keyProvider, oauth, gitHost, now } = ports;
  const users = createUsers(store, keyProvider, now);
  const deviceFlow = createDeviceFlow({
    store,
    keyProvider,
    oauth,
    gitHost,
    users,
    apiTokens: createApiTokens(store, ports.tokenHmacKey, now),
    now,
  });
  return makeDeviceHandler(withOrigin({ logger: ports.logger, deviceFlow }, ports.publicUrl));
}
