import { listRefs, readRef, type GitRef } from '../git-refs';
import { syncRepoPulls } from '../pull-model';
import { collaboration } from '../pulls-state';
import type { PullRecord, RepoRecord } from '../state';
import { connection, type PageArgs } from './connection';
import { TypedGraphQLError } from './errors';
import { objectNode, type GitObjectNode } from './git-object-nodes';
import type { ObjectLoader } from './object-loader';
import {
  pullConnection,
  PullRequestNode,
  requireAppPermission,
  type PullFilterArgs,
} from './pull-nodes';
import { RefNode } from './ref-node';
import type { RequestScope } from './request-scope';

/**
 * The objects GraphQL resolves to (here, and in the other *-node(s).ts files). graphql-js's default
 * resolver reads a property or calls a method of the same name as the field (with its arguments),
 * and `__typename` picks the type of a GitObject.
 */

export class RepositoryNode {
  readonly __typename = 'Repository';
  readonly isPrivate = true;
  private refsLoaded: Promise<GitRef[]> | undefined;
  private pullsSynced: Promise<PullRecord[]> | undefined;

  constructor(
    readonly scope: RequestScope,
    readonly record: RepoRecord,
    readonly gitDir: string,
  ) {}

  get id(): string {
    return Buffer.from(`010:Repository${this.record.id}`).toString('base64');
  }

  get nameWithOwner(): string {
    return `${this.record.owner}/${this.record.name}`;
  }

  get webUrl(): string {
    return `${this.scope.ctx.webUrl}/${this.nameWithOwner}`;
  }

  get loader(): ObjectLoader {
    return this.scope.loader(this.gitDir);
  }

  private allRefs(): Promise<GitRef[]> {
    this.refsLoaded ??= listRefs(this.gitDir);
    return this.refsLoaded;
  }

  async defaultBranchRef(): Promise<RefNode | null> {
    return this.ref({ qualifiedName: `refs/heads/${this.record.defaultBranch}` });
  }

  /** `oid`, or an expression `<rev>:<path>` / `<rev>` where HEAD is the default branch; null when missing. */
  async object(args: {
    expression?: string | null;
    oid?: string | null;
  }): Promise<GitObjectNode | null> {
    if (args.oid) return objectNode(this, await this.loader.object(args.oid), null);
    if (args.expression === undefined || args.expression === null) return null;
    const colon = args.expression.indexOf(':');
    let rev = colon === -1 ? args.expression : args.expression.slice(0, colon);
    const path = colon === -1 ? null : args.expression.slice(colon + 1).replace(/^\/+|\/+$/g, '');
    if (rev === 'HEAD') rev = `refs/heads/${this.record.defaultBranch}`;
    if (rev === '') return null;
    return objectNode(this, await this.loader.object(path === null ? rev : `${rev}:${path}`), path);
  }

  /** A fully qualified name first (refs/heads/main), then a short one (main) as a branch, then as a tag. */
  async ref(args: { qualifiedName: string }): Promise<RefNode | null> {
    const name = args.qualifiedName;
    // Only names under refs/ exist (as `git for-each-ref` lists them); each is read on its own.
    for (const candidate of [name, `refs/heads/${name}`, `refs/tags/${name}`].filter((full) =>
      full.startsWith('refs/'),
    )) {
      const found = await readRef(this.gitDir, candidate);
      if (found) {
        const prefix =
          /^refs\/(heads|tags)\//.exec(found.ref)?.[0] ??
          found.ref.slice(0, found.ref.lastIndexOf('/') + 1);
        return new RefNode(this, found, prefix);
      }
    }
    return null;
  }

  /** This repository's pull requests, synced with their branches once per request (as every REST read does). */
  pullRecords(): Promise<PullRecord[]> {
    this.pullsSynced ??= syncRepoPulls(this.scope.ctx, this.record).then(() =>
      collaboration(this.scope.ctx).pulls.filter((pull) => pull.repoId === this.record.id),
    );
    return this.pullsSynced;
  }

  async pullRequests(args: PullFilterArgs) {
    return pullConnection(this, await this.pullRecords(), args, 'pullRequests');
  }

  /** A missing number is null plus GitHub's NOT_FOUND error entry. */
  async pullRequest(args: { number: number }): Promise<PullRequestNode> {
    requireAppPermission(this.scope, 'pull_requests');
    const pull = (await this.pullRecords()).find((record) => record.number === args.number);
    if (!pull)
      throw new TypedGraphQLError(
        `Could not resolve to a PullRequest with the number of ${args.number}.`,
        'NOT_FOUND',
      );
    return new PullRequestNode(this, pull);
  }

  async refs(args: PageArgs & { refPrefix: string; query?: string | null }) {
    const query = args.query ?? '';
    const matching = (await this.allRefs())
      .filter((ref) => ref.ref.startsWith(args.refPrefix) && ref.ref.length > args.refPrefix.length)
      .map((ref) => new RefNode(this, ref, args.refPrefix))
      .filter((ref) => ref.name.includes(query));
    return connection(matching, args, 'refs');
  }
}
