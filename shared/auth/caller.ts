import type { Permission } from './permissions';

/** Who is calling: nobody, a browser session, or an API token (acting as its creator). */
export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'session'; sessionId: string; userId: string; login: string }
  | {
      kind: 'token';
      tokenId: string;
      userId: string;
      login: string;
      repos: string[];
      permissions: Permission[];
    };

/** True when a token's repo scope covers `repo`. GitHub names are case-insensitive. */
export const inRepoScope = (scope: readonly string[], repo: string): boolean =>
  scope.includes('*') || scope.some((name) => name.toLowerCase() === repo.toLowerCase());
