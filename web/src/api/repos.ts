import { call } from './client';

export const listRepos = () => call('listRepos');
export const listHostRepos = () => call('listHostRepos');
export const connectRepo = (fullName: string) => call('connectRepo', { body: { fullName } });
export const disconnectRepo = (repo: string) => call('disconnectRepo', { params: { repo } });
export const getConfig = (repo: string) => call('getConfig', { params: { repo } });
