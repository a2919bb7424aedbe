import { request } from './client';

export type Me = { authenticated: false } | { authenticated: true; username: string };

export const getMe = () => request<Me>('GET', '/api/auth/me');
export const signOut = () => request<{ ok: boolean }>('POST', '/auth/logout');
/** Sign-in is a full-page navigation through the provider; the callback lands on /app/. */
export const signInUrl = '/auth/login';
