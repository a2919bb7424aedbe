import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
import { permissions, type Permission } from './permissions';
import {
  deviceTokenMaxSeconds,
  maxActiveTokens,
  maxTokenRepos,
  tokenMaxSeconds,
} from './token-limits';

export const PermissionSchema = z.enum(permissions);

/** `owner/repo` as GitHub allows it: letters, digits, `-`, `_`, `.`; never `.` or `..` alone. */
export const repoNamePattern =
  /^(?!\.{1,2}\/)[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;
export const RepoNameSchema = z
  .string()
  .check(z.regex(repoNamePattern, 'expected a repository name of the form owner/repo'));

const repoOrAll = new RegExp(`^\\*$|${repoNamePattern.source}`);

/**
 * A token's repository scope, as POST /api/tokens and POST /auth/device take it. At most 100
 * entries as sent (a bigger list would not fit one table item); names are compared
 * case-insensitively and duplicates collapse to the first spelling when the token is minted.
 */
export const TokenReposSchema = z
  .array(
    z
      .string()
      .check(z.regex(repoOrAll, 'expected a repository name of the form owner/repo, or "*"')),
  )
  .check(
    z.minLength(1, 'repos must name at least one repository, or be ["*"]'),
    z.maxLength(
      maxTokenRepos,
      `repos must list at most ${maxTokenRepos} repositories; use ["*"] for all of them`,
    ),
    z.refine(
      (repos) => !repos.includes('*') || repos.length === 1,
      '"*" (every repository) cannot be combined with repository names',
    ),
    z.describe(
      `\`owner/repo\` names (at most ${maxTokenRepos}; duplicates, compared case-insensitively, collapse to the first spelling), or \`["*"]\` alone for every repository`,
    ),
  );

export const TokenPermissionsSchema = z
  .array(PermissionSchema)
  .check(
    z.minLength(1, 'permissions must hold at least one permission'),
    z.describe('At least one; duplicates collapse'),
  );

const lifetime = (max: number, what: string) =>
  z
    .int()
    .check(
      z.positive('expiresIn must be a positive number of seconds'),
      z.lte(max, `expiresIn must be at most ${max} seconds (${what})`),
    );

export const CreateTokenBodySchema = z
  .object({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'name must not be empty'),
        z.maxLength(100, 'name must be at most 100 characters'),
      ),
    repos: TokenReposSchema,
    permissions: TokenPermissionsSchema,
    expiresIn: z.optional(
      z
        .nullable(lifetime(tokenMaxSeconds, 'ten years'))
        .check(z.describe('Seconds until expiry; null or absent: never expires')),
    ),
  })
  .check(
    z.describe(
      `A user holds at most ${maxActiveTokens} active (unexpired, unrevoked) tokens; one more answers 400.`,
    ),
  );
export type CreateTokenBody = z.infer<typeof CreateTokenBodySchema>;

/** The scope a command-line tool asks for at `POST /auth/device`; every field optional. */
export const DeviceStartBodySchema = z
  .object({
    permissions: z.optional(TokenPermissionsSchema),
    repos: z.optional(TokenReposSchema),
    expiresIn: z.optional(
      lifetime(deviceTokenMaxSeconds, '90 days').check(
        z.describe('Seconds the token lives after approval; default and maximum 90 days'),
      ),
    ),
  })
  .check(
    z.describe(
      'Optional: the scope of the token the device flow mints. Absent fields (or no body) mean every permission, `["*"]`, 90 days.',
    ),
  );
export type DeviceStartBody = z.infer<typeof DeviceStartBodySchema>;

export const ApiTokenSummarySchema = z.object({
  tokenId: z.string(),
  name: z.string(),
  repos: z.array(z.string()),
  permissions: z.array(PermissionSchema),
  createdAt: z.string(),
  expiresAt: z.optional(z.nullable(z.string())),
  lastUsedAt: z.optional(z.nullable(z.string())),
});
export const ApiTokenCreatedSchema = z.object({
  ...ApiTokenSummarySchema.shape,
  token: z.string(),
});
export type ApiTokenSummary = z.infer<typeof ApiTokenSummarySchema>;

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const tokenDocs = /* @__PURE__ */ schemaDocs((document) => {
  const token = {
    tokenId: 'AAAAAAAAAAAAAAAAAAAAAA',
    name: 'CI deploy previews',
    repos: ['demo/blog'],
    permissions: ['content:read', 'content:write'] as Permission[],
    createdAt: '2025-01-01T09:30:00.000Z',
    expiresAt: '2025-04-01T09:30:00.000Z',
    lastUsedAt: null,
  };
  document(CreateTokenBodySchema, {
    properties: {
      name: 'What the token is for, as you will recognise it in the list (1 to 100 characters)',
    },
    examples: [
      {
        name: 'CI deploy previews',
        repos: ['demo/blog'],
        permissions: ['content:read', 'content:write'],
        expiresIn: 7_776_000,
      },
    ],
  });
  document(ApiTokenSummarySchema, {
    properties: {
      tokenId:
        "The token's id: the part between `cms_` and the dot; DELETE /api/tokens/{tokenId} revokes it",
      name: 'What the token is for',
      repos: 'The repositories it may reach (`owner/repo`), or `["*"]` for all',
      permissions: 'What it may do',
      createdAt: 'When it was created (ISO 8601)',
      expiresAt: 'When it expires (ISO 8601); null: never',
      lastUsedAt: 'When it was last used (ISO 8601, to the minute); null: never',
    },
    examples: [token],
  });
  document(ApiTokenCreatedSchema, {
    properties: {
      token: 'The secret: send it as `Authorization: Bearer <token>`; shown in this answer only',
    },
    examples: [
      {
        ...token,
        token: 'cms_AAAAAAAAAAAAAAAAAAAAAA.bm90LWEtcmVhbC1zaWduYXR1cmUtanVzdC1hbi1leGFtcGxl',
      },
    ],
  });
});
