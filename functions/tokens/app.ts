import { callerOptions } from '../../shared/http/base-deps';
import { tokensRoutes } from '../../shared/route-table/tokens';
import { makeGroupHandler } from '../../shared/http/make-group-handler';
import type { TokensDeps } from './deps';
import { createToken } from './routes/create-token';
import { deleteToken } from './routes/delete-token';
import { listTokens } from './routes/list-tokens';
import { revokeCurrentToken } from './routes/revoke-current-token';

export const makeTokensHandler = (deps: TokensDeps) =>
  makeGroupHandler({
    table: tokensRoutes,
    routes: { createToken, listTokens, deleteToken, revokeCurrentToken },
    ...callerOptions(deps),
  });
