import type { IncomingMessage, ServerResponse } from 'node:http';
import { execute, GraphQLError, parse, validate, type DocumentNode } from 'graphql';
import { findRepo, findUser, repoPermissions } from '../access';
import { repoGitDir, type HostContext } from '../context';
import { isoSeconds } from '../repos';
import { requestId } from '../rest-router';
import { findToken } from '../tokens';
import { formatError, TypedGraphQLError } from './errors';
import { RepositoryNode } from './repository-node';
import type { RequestScope } from './request-scope';
import { ObjectLoader } from './object-loader';
import { setDraft, type DraftMutationInput } from './pull-mutations';
import { updateRefsMutation, type UpdateRefsInput } from './ref-mutations';
import { UserNode } from './pull-nodes';
import { localSchema } from './schema';

/** POST /api/graphql: GitHub's GraphQL endpoint over the local repositories (see ./schema.ts for the subset). */

export interface GraphqlOptions {
  /** Bytes of Blob.text before it is cut (isTruncated: true). GitHub cuts at 512,000 bytes. */
  blobTextLimit: number;
}

/** GitHub does not document the limit; it is observed to truncate Blob.text at exactly 512,000 bytes. */
export const DEFAULT_BLOB_TEXT_LIMIT = 512_000;

const DOCS = 'https://docs.github.com/graphql';
const AUTH_DOCS =
  'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql';
/** GraphQL's primary rate limit: points per hour (a plain query costs 1). */
const POINTS_PER_HOUR = 5000;
const WINDOW_MS = 3_600_000;

interface GraphqlRequest {
  query?: unknown;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** Either an answer (auth and request errors, parse and validation errors) or a document to execute. */
type Outcome =
  | { kind: 'answer'; status: number; body: unknown; scope?: RequestScope }
  | { kind: 'execute'; document: DocumentNode; request: GraphqlRequest; scope: RequestScope };

class QueryRoot {
  constructor(private readonly scope: RequestScope) {}

  repository(args: { owner: string; name: string }): RepositoryNode {
    const { ctx, caller } = this.scope;
    const repo = findRepo(ctx, args.owner, args.name);
    // No access reads exactly like no repository, as on GitHub.
    if (!repo || !repoPermissions(ctx, caller, repo)?.pull) {
      throw new TypedGraphQLError(
        `Could not resolve to a Repository with the name '${args.owner}/${args.name}'.`,
        'NOT_FOUND',
      );
    }
    return new RepositoryNode(this.scope, repo, repoGitDir(ctx.dataDir, repo.owner, repo.name));
  }

  viewer(): UserNode | { login: string } {
    const { ctx, caller } = this.scope;
    if (caller.kind === 'user') {
      const user = findUser(ctx, caller.login);
      if (user) return new UserNode(this.scope, user);
      return { login: caller.login };
    }
    return { login: `${ctx.state.app.slug}[bot]` };
  }

  rateLimit() {
    return this.scope.rateLimit;
  }

  // Mutation fields (the same root value serves both operation types).
  markPullRequestReadyForReview(args: { input: DraftMutationInput }) {
    return setDraft(this.scope, args.input, false, 'MarkPullRequestReadyForReview');
  }

  convertPullRequestToDraft(args: { input: DraftMutationInput }) {
    return setDraft(this.scope, args.input, true, 'ConvertPullRequestToDraft');
  }

  updateRefs(args: { input: UpdateRefsInput }) {
    return updateRefsMutation(this.scope, args.input);
  }
}

/** Parsed and validated documents by query text: clients send the same few queries again and again. */
const checkedDocuments = new Map<
  string,
  { document?: DocumentNode; errors: readonly GraphQLError[] }
>();
const MAX_CHECKED_DOCUMENTS = 200;

function checkedDocument(query: string): {
  document?: DocumentNode;
  errors: readonly GraphQLError[];
} {
  let checked = checkedDocuments.get(query);
  if (!checked) {
    try {
      const document = parse(query);
      checked = { document, errors: validate(localSchema(), document) };
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      checked = { errors: [error] };
    }
    if (checkedDocuments.size >= MAX_CHECKED_DOCUMENTS)
      checkedDocuments.delete(checkedDocuments.keys().next().value!);
    checkedDocuments.set(query, checked);
  }
  return checked;
}

export function createGraphqlEndpoint(ctx: HostContext, options: GraphqlOptions) {
  const windows = new Map<string, { used: number; resetAt: number }>();

  function run(req: IncomingMessage, raw: Buffer, id: string): Outcome {
    const header = /^(?:bearer|token)\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    if (!header?.[1])
      return {
        kind: 'answer',
        status: 401,
        body: {
          message: 'This endpoint requires you to be authenticated.',
          documentation_url: AUTH_DOCS,
        },
      };
    const token = findToken(ctx, header[1]);
    const caller =
      token?.kind === 'user-access'
        ? { kind: 'user' as const, login: token.login }
        : token?.kind === 'installation'
          ? {
              kind: 'installation' as const,
              installationId: token.installationId,
              repositoryIds: token.repositoryIds,
              ...(token.permissions ? { permissions: token.permissions } : {}),
            }
          : null;
    if (!caller)
      return {
        kind: 'answer',
        status: 401,
        body: { message: 'Bad credentials', documentation_url: DOCS },
      };

    let request: GraphqlRequest;
    try {
      request = JSON.parse(raw.toString('utf8')) as GraphqlRequest;
    } catch {
      return {
        kind: 'answer',
        status: 400,
        body: { message: 'Problems parsing JSON', documentation_url: DOCS },
      };
    }
    const key =
      caller.kind === 'user' ? `user:${caller.login}` : `installation:${caller.installationId}`;
    const now = ctx.now();
    let window = windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { used: 0, resetAt: now + WINDOW_MS };
      windows.set(key, window);
    }
    window.used += 1;
    const loaders = new Map<string, ObjectLoader>();
    const scope: RequestScope = {
      ctx,
      caller,
      blobTextLimit: options.blobTextLimit,
      loader: (gitDir) => {
        let loader = loaders.get(gitDir);
        if (!loader) loaders.set(gitDir, (loader = new ObjectLoader(gitDir)));
        return loader;
      },
      rateLimit: {
        cost: 1,
        limit: POINTS_PER_HOUR,
        remaining: Math.max(0, POINTS_PER_HOUR - window.used),
        resetAt: isoSeconds(window.resetAt),
        used: window.used,
      },
    };
    if (typeof request?.query !== 'string') {
      return {
        kind: 'answer',
        status: 200,
        body: {
          errors: [{ message: 'A query attribute must be specified and must be a string.' }],
        },
        scope,
      };
    }
    const variables = request.variables;
    if (
      variables !== undefined &&
      variables !== null &&
      (typeof variables !== 'object' || Array.isArray(variables))
    ) {
      return {
        kind: 'answer',
        status: 200,
        body: { errors: [{ message: 'Variables are invalid JSON.' }] },
        scope,
      };
    }
    const checked = checkedDocument(request.query);
    if (checked.errors.length > 0)
      return {
        kind: 'answer',
        status: 200,
        body: { errors: checked.errors.map((error) => formatError(error, id)) },
        scope,
      };
    return { kind: 'execute', document: checked.document!, request, scope };
  }

  return async function handleGraphql(
    req: IncomingMessage,
    res: ServerResponse,
    raw: Buffer,
  ): Promise<void> {
    const id = requestId();
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      'x-github-request-id': id,
      'x-github-media-type': 'github.v4; format=json',
      'x-content-type-options': 'nosniff',
    };
    if ((req.method ?? 'GET').toUpperCase() !== 'POST') {
      res.writeHead(404, headers);
      res.end(JSON.stringify({ message: 'Not Found', documentation_url: DOCS }));
      return;
    }
    const outcome = run(req, raw, id);
    let body = outcome.kind === 'answer' ? outcome.body : undefined;
    const scope = outcome.scope;
    if (outcome.kind === 'execute') {
      const result = await execute({
        schema: localSchema(),
        document: outcome.document,
        rootValue: new QueryRoot(outcome.scope),
        contextValue: outcome.scope,
        variableValues: outcome.request.variables ?? undefined,
        operationName: outcome.request.operationName ?? undefined,
      });
      body = {
        ...('data' in result ? { data: result.data } : {}),
        ...(result.errors?.length
          ? { errors: result.errors.map((error) => formatError(error, id)) }
          : {}),
      };
    }
    if (scope) {
      const rate = scope.rateLimit;
      Object.assign(headers, {
        'x-ratelimit-limit': String(rate.limit),
        'x-ratelimit-remaining': String(rate.remaining),
        'x-ratelimit-reset': String(Math.ceil(Date.parse(rate.resetAt) / 1000)),
        'x-ratelimit-used': String(rate.used),
        'x-ratelimit-resource': 'graphql',
      });
    }
    res.writeHead(outcome.kind === 'answer' ? outcome.status : 200, headers);
    res.end(JSON.stringify(body));
  };
}
