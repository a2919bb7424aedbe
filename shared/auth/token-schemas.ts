import * as z from 'zod/mini';
import { permissions } from '../http/route-def';

export const PermissionSchema = z.enum(permissions);

/** `owner/repo` as GitHub allows it: letters, digits, `-`, `_`, `.`; never `.` or `..` alone. */
export const repoNamePattern = /^(?!\.{1,2}\/)[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/(?!\.{1,2}$)[A-Za-z0-9._-]{1,100}$/;
export const RepoNameSchema = z.string().check(z.regex(repoNamePattern, 'expected a repository name of the form owner/repo'));

export const CreateTokenBodySchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'name must not be empty'), z.maxLength(100, 'name must be at most 100 characters')),
  repos: z.union([
    z.tuple([z.literal('*')]),
    z.array(RepoNameSchema).check(z.minLength(1, 'repos must name at least one repository, or be ["*"]')),
  ]),
  permissions: z.array(PermissionSchema).check(z.minLength(1, 'permissions must hold at least one permission')),
  expiresIn: z.optional(z.nullable(z.int().check(z.positive('expiresIn must be a positive number of seconds, or null'), z.lte(10 * 365 * 24 * 3600, 'expiresIn must be at most ten years')))),
});
export type CreateTokenBody = z.infer<typeof CreateTokenBodySchema>;

export const ApiTokenSummarySchema = z.object({
  tokenId: z.string(),
  name: z.string(),
  repos: z.array(z.string()),
  permissions: z.array(PermissionSchema),
  createdAt: z.string(),
  expiresAt: z.optional(z.nullable(z.string())),
  lastUsedAt: z.optional(z.nullable(z.string())),
});
export const ApiTokenCreatedSchema = z.object({ ...ApiTokenSummarySchema.shape, token: z.string() });
export type ApiTokenSummary = z.infer<typeof ApiTokenSummarySchema>;
