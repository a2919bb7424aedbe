import type { SuccessBody } from '../../../shared/client/api-client';
import type { CreateTokenBody } from '../../../shared/auth/token-schemas';
import { call } from './client';

export type ApiTokenCreated = SuccessBody<'createToken'>;

export const listTokens = () => call('listTokens');
export const createToken = (input: CreateTokenBody) => call('createToken', { body: input });
export const revokeToken = (tokenId: string) => call('deleteToken', { params: { tokenId } });
