import { encryptionPurposes } from '../../shared/crypto/key-provider';
import type { Group } from '../../shared/http/route-def';
import type { AnyRoute } from '../../shared/routes';
import type { tableActions } from './cms-function';

/** The encryption-context purposes the domain seals under (`shared/auth/*`). */
export const purposes = encryptionPurposes;

/**
 * What each endpoint group's function may touch, beyond PUBLIC_URL, which every group gets. The
 * stack turns each entry into environment variables plus the matching grants, and nothing more:
 * adding a group to the route table is adding its entry here (the compiler asks for it).
 */
export interface GroupNeeds {
  /** Store access: `read` (GetItem, BatchGetItem, Query) or `readWrite` (also Put/Update/Delete/BatchWriteItem). */
  table?: keyof typeof tableActions;
  /** Envelope purposes this group seals or opens under the KMS key. */
  keyPurposes?: readonly string[];
  /** Reads the API-token HMAC key (anything that verifies or mints API tokens). */
  tokenHmacKey?: boolean;
  /** Reads the GitHub App credentials and talks to GitHub (or GHES). */
  github?: boolean;
  /** Reads the GitHub App secret only to report whether it is filled in (health's readiness). */
  checksGitHubApp?: boolean;
}

/** The groups that have rows in the route table; each must have an entry below. */
export type TableGroup = AnyRoute['group'];

/** Groups acting for a signed-in user on GitHub: their provider token, API tokens, the App. */
const actsOnGitHub: GroupNeeds = { table: 'readWrite', keyPurposes: [purposes.providerToken], tokenHmacKey: true, github: true };

export const groupNeeds: { readonly [G in TableGroup]: GroupNeeds } & { readonly [G in Group]?: GroupNeeds } = {
  health: { checksGitHubApp: true },
  session: actsOnGitHub,
  tokens: { table: 'readWrite', tokenHmacKey: true },
  device: { table: 'readWrite', keyPurposes: [purposes.deviceCode, purposes.providerToken], tokenHmacKey: true, github: true },
  repos: actsOnGitHub,
  content: actsOnGitHub,
  pulls: actsOnGitHub,
};
