import type { ApiTokens } from '../../shared/auth/api-tokens';
import type { BaseDeps } from '../../shared/http/base-deps';

export interface TokensDeps extends BaseDeps {
  apiTokens: ApiTokens;
}
