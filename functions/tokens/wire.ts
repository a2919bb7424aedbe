import type { Ports } from '../ports';
import { callerDeps, withOrigin } from '../wire-base';
import { makeTokensHandler } from './app';

export const wireTokens = (
  ports: Pick<Ports, 'store' | 'tokenHmacKey' | 'logger' | 'publicUrl' | 'now'>,
) => makeTokensHandler(withOrigin(callerDeps(ports), ports.publicUrl));
