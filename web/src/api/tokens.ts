import type { ApiTokenSummary, CreateTokenBody } from '../../../shared/auth/token-schemas';
import { request } from './client';

export type ApiTokenCreated = ApiTokenSummary & { token: string };

export const listTokens = () => request<ApiTokenSummary[]>('GET', '/api/tokens');
export const createToken = (input: CreateTokenBody) => request<ApiTokenCreated>('POST', '/api/tokens', { body: input });
export const revokeToken = (tokenId: string) => request<{ ok: boolean }>('DELETE', `/api/tokens/${encodeURIComponent(tokenId)}`);
