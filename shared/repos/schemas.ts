import * as z from 'zod/mini';
import { RepoNameSchema } from '../auth/token-schemas';

/** Request and response shapes of the repos routes, as the spec's tables give them. */
export const RepoConnectionSchema = z.object({
  fullName: z.string(),
  addedAt: z.string(),
});
export type RepoConnection = z.infer<typeof RepoConnectionSchema>;

export const ConnectRepoBodySchema = z.object({ fullName: RepoNameSchema });
export type ConnectRepoBody = z.infer<typeof ConnectRepoBodySchema>;

/** A repository reachable through the app installation (`GET /api/host/repos`). */
export const HostRepoSchema = z.object({
  fullName: z.string(),
  private: z.boolean(),
  description: z.optional(z.nullable(z.string())),
});
export type HostRepo = z.infer<typeof HostRepoSchema>;
