import type { SuccessBody } from '../../../shared/client/api-client';
import { call } from './client';

export type Me = SuccessBody<'getMe'>;

export const getMe = () => call('getMe');
export const signOut = () => call('logout');
/** Sign-in is a full-page navigation through the provider; the callback lands on /app/. */
export const signInUrl = '/auth/login';
