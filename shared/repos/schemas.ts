import * as z from 'zod/mini';
import { schemaDocs } from '../schemas';
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

/** What the OpenAPI document says of these shapes (shared/openapi reads it; bundles without the document drop the text). */
export const reposDocs = /* @__PURE__ */ schemaDocs((document) => {
  document(RepoConnectionSchema, {
    properties: {
      fullName: '`owner/repo` as GitHub spells it',
      addedAt: 'When it was connected (ISO 8601)',
    },
    examples: [{ fullName: 'demo/blog', addedAt: '2025-01-01T09:30:00.000Z' }],
  });
  document(ConnectRepoBodySchema, {
    properties: {
      fullName: 'The repository, `owner/repo`; it must hold cms.config.json at its root',
    },
    examples: [{ fullName: 'demo/blog' }],
  });
  document(HostRepoSchema, {
    properties: {
      fullName: '`owner/repo`',
      private: 'Whether the repository is private on GitHub',
      description: 'Its description on GitHub; null when it has none',
    },
    examples: [{ fullName: 'demo/blog', private: false, description: 'The demo blog' }],
  });
});
