import * as z from 'zod/mini';
import { HealthSchema, MeSchema } from '../auth/schemas';
import { DeviceCodeSchema, DeviceTokenAnswerSchema, DeviceTokenBodySchema } from '../auth/device-schemas';
import { ApiTokenCreatedSchema, ApiTokenSummarySchema, CreateTokenBodySchema, PermissionSchema } from '../auth/token-schemas';
import { CmsConfigSchema, CollectionConfigSchema, FieldDefinitionSchema } from '../content/config-schema';
import {
  ConnectRepoBodySchema,
  ContentDiffFieldSchema,
  ContentDiffSchema,
  ContentItemSchema,
  CreateCommentBodySchema,
  CreatePullBodySchema,
  CreatePullResultSchema,
  HostRepoSchema,
  MergeConflictSchema,
  MergeResultSchema,
  PrCommentSchema,
  PullRequestDetailSchema,
  PullRequestSummarySchema,
  PutContentBodySchema,
  PutContentResultSchema,
  RepoConnectionSchema,
  UpdateConflictSchema,
} from '../content/schemas';
import { ErrorSchema, OkSchema } from '../schemas';

/**
 * The schemas that become `components/schemas` entries, named as the spec names them. Any other
 * schema in the route table is written inline where it is used; these are referenced by `$ref`
 * wherever they appear, also nested (a `Permission` inside `ApiTokenSummary`).
 */
export const componentSchemas = z.registry<{ id: string }>();

const named: Record<string, z.ZodMiniType> = {
  Ok: OkSchema,
  Error: ErrorSchema,
  Health: HealthSchema,
  Me: MeSchema,
  Permission: PermissionSchema,
  ApiTokenSummary: ApiTokenSummarySchema,
  ApiTokenCreated: ApiTokenCreatedSchema,
  CreateTokenBody: CreateTokenBodySchema,
  DeviceCode: DeviceCodeSchema,
  DeviceTokenBody: DeviceTokenBodySchema,
  DeviceTokenAnswer: DeviceTokenAnswerSchema,
  RepoConnection: RepoConnectionSchema,
  ConnectRepoBody: ConnectRepoBodySchema,
  HostRepo: HostRepoSchema,
  CmsConfig: CmsConfigSchema,
  CollectionConfig: CollectionConfigSchema,
  FieldDefinition: FieldDefinitionSchema,
  ContentItem: ContentItemSchema,
  PutContentBody: PutContentBodySchema,
  PutContentResult: PutContentResultSchema,
  PullRequestSummary: PullRequestSummarySchema,
  PullRequestDetail: PullRequestDetailSchema,
  CreatePullBody: CreatePullBodySchema,
  CreatePullResult: CreatePullResultSchema,
  MergeResult: MergeResultSchema,
  MergeConflict: MergeConflictSchema,
  UpdateConflict: UpdateConflictSchema,
  ContentDiff: ContentDiffSchema,
  ContentDiffField: ContentDiffFieldSchema,
  PrComment: PrCommentSchema,
  CreateCommentBody: CreateCommentBodySchema,
};

for (const [id, schema] of Object.entries(named)) componentSchemas.add(schema, { id });
