import type { Ports } from '../ports';
import { withOrigin } from '../wire-base';
import { makeHealthHandler } from './app';

/** Health needs no table, key or provider. */
export const wireHealth = (ports: Pick<Ports, 'logger' | 'publicUrl'>) => makeHealthHandler(withOrigin({ logger: ports.logger }, ports.publicUrl));
