import type { ApiTokens } from '../../shared/auth/api-tokens';
import type { BaseDeps } from '../../shared/auth/base-deps';

export interface TokensDeps extends BaseDeps {
  apiTokens: ApiTokens;
}
