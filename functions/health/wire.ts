import type { Ports } from '../ports';
import { withOrigin } from '../wire-base';
import { makeHealthHandler } from './app';

/** Health needs no table, key or provider; only whether the settings are filled in. */
export const wireHealth = (ports: Pick<Ports, 'logger' | 'publicUrl' | 'readiness'>) =>
  makeHealthHandler(
    withOrigin({ logger: ports.logger, readiness: ports.readiness }, ports.publicUrl),
  );
