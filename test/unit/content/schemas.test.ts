import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import '../../../shared/zod-locale';
import { CmsConfigSchema } from '../../../shared/content/config-schema';
import * as schemas from '../../../shared/content/schemas';
import * as pullSchemas from '../../../shared/pulls/schemas';
import * as repoSchemas from '../../../shared/repos/schemas';
import { formatIssues } from '../../../shared/format-issues';

const sha = 'a'.repeat(40);
const firstIssue = (schema: z.ZodMiniType, input: unknown, prefix = 'body') => {
  const result = schema.safeParse(input);
  return result.success ? undefined : formatIssues(result.error, prefix);
};

describe('content route schemas', () => {
  it('defaults the save mode to direct and accepts a sha for updates', () => {
    expect(schemas.PutContentBodySchema.parse({ frontmatter: { title: 'x' }, body: '' })).toEqual({
      frontmatter: { title: 'x' },
      body: '',
      mode: 'direct',
    });
    expect(
      schemas.PutContentBodySchema.parse({ frontmatter: {}, body: 'b', sha, mode: 'branch' }),
    ).toMatchObject({ sha, mode: 'branch' });
  });

  it.each([
    [{ body: '' }, 'body.frontmatter: Invalid input: expected record, received undefined'],
    [
      { frontmatter: [], body: '' },
      'body.frontmatter: Invalid input: expected record, received array',
    ],
    [{ frontmatter: {} }, 'body.body: Invalid input: expected string, received undefined'],
    [
      { frontmatter: {}, body: '', sha: 'abc' },
      'body.sha: expected a git object id (40 or 64 hexadecimal digits)',
    ],
    [
      { frontmatter: {}, body: '', mode: 'pr' },
      'body.mode: Invalid option: expected one of "direct"|"branch"',
    ],
  ])('refuses the save body %j', (input, message) => {
    expect(firstIssue(schemas.PutContentBodySchema, input)).toBe(message);
  });

  it('requires the sha of a delete', () => {
    expect(firstIssue(schemas.DeleteContentQuerySchema, {}, 'query')).toBe(
      'query.sha: Invalid input: expected string, received undefined',
    );
    expect(schemas.DeleteContentQuerySchema.parse({ sha: 'b'.repeat(64) })).toEqual({
      sha: 'b'.repeat(64),
      mode: 'direct',
    });
    expect(
      firstIssue(schemas.DeleteContentQuerySchema, { sha: 'b'.repeat(40), mode: 'pr' }, 'query'),
    ).toMatch(/^query.mode: Invalid option/);
  });

  it('checks the repository name of a connect', () => {
    expect(repoSchemas.ConnectRepoBodySchema.parse({ fullName: 'octo/site' })).toEqual({
      fullName: 'octo/site',
    });
    expect(firstIssue(repoSchemas.ConnectRepoBodySchema, { fullName: 'octo' })).toBe(
      'body.fullName: expected a repository name of the form owner/repo',
    );
    expect(firstIssue(repoSchemas.ConnectRepoBodySchema, { fullName: 'octo/..' })).toBe(
      'body.fullName: expected a repository name of the form owner/repo',
    );
  });

  it('describes a content item with optional body, branch and PR number', () => {
    const item = {
      slug: 'hello',
      path: 'content/posts/hello.md',
      sha,
      frontmatter: { title: 'x' },
    };
    expect(schemas.ContentItemSchema.parse(item)).toEqual(item);
    expect(
      schemas.ContentItemSchema.parse({
        ...item,
        body: 'b',
        branch: 'cms/posts/hello',
        prNumber: 3,
      }),
    ).toMatchObject({ prNumber: 3 });
    expect(schemas.ContentItemSchema.safeParse({ ...item, prNumber: 1.5 }).success).toBe(false);
  });

  it('refuses blank pull request titles and comments', () => {
    expect(
      firstIssue(pullSchemas.CreatePullBodySchema, { branch: 'cms/posts/x', title: '  ' }),
    ).toBe('body.title: title must not be empty');
    expect(firstIssue(pullSchemas.CreateCommentBodySchema, { body: '\n\t ' })).toBe(
      'body.body: body must not be empty',
    );
    expect(pullSchemas.CreateCommentBodySchema.parse({ body: 'Looks good' })).toEqual({
      body: 'Looks good',
    });
  });

  it('describes pull requests as the spec lists them', () => {
    const summary = {
      number: 7,
      title: 'Edit hello',
      branch: 'cms/posts/hello',
      state: 'open',
      merged: false,
      createdAt: '2025-01-31T10:00:00Z',
      updatedAt: '2025-01-31T11:00:00Z',
      collection: 'posts',
      slug: 'hello',
      previewUrl: null,
      author: 'ada',
    };
    expect(pullSchemas.PullRequestSummarySchema.parse(summary)).toEqual(summary);
    const detail = {
      ...summary,
      body: '',
      mergeable: null,
      headSha: sha,
      baseSha: sha,
      htmlUrl: 'https://github.com/o/r/pull/7',
    };
    expect(pullSchemas.PullRequestDetailSchema.parse(detail)).toEqual(detail);
    expect(
      pullSchemas.PullRequestSummarySchema.safeParse({ ...summary, state: 'merged' }).success,
    ).toBe(false);
  });

  it('describes the conflict answers of merge and update', () => {
    expect(pullSchemas.MergeConflictSchema.parse({ merged: false, reason: 'conflicts' })).toEqual({
      merged: false,
      reason: 'conflicts',
    });
    expect(pullSchemas.MergeResultSchema.safeParse({ sha, merged: false }).success).toBe(false);
    expect(
      pullSchemas.UpdateConflictSchema.parse({
        ok: false,
        reason: 'conflicts',
        fields: ['title', 'body'],
      }),
    ).toMatchObject({ fields: ['title', 'body'] });
  });

  it('describes a host repository and a comment', () => {
    expect(
      repoSchemas.HostRepoSchema.parse({ fullName: 'o/r', private: true, description: null }),
    ).toEqual({ fullName: 'o/r', private: true, description: null });
    expect(
      pullSchemas.PrCommentSchema.safeParse({
        id: 1,
        body: 'x',
        author: 'a',
        avatarUrl: 'not a url',
        createdAt: '',
      }).success,
    ).toBe(false);
  });

  it('converts every schema to JSON Schema for the OpenAPI document', () => {
    const all = {
      ...Object.fromEntries(Object.entries(schemas).filter(([name]) => name.endsWith('Schema'))),
      CmsConfigSchema,
    };
    for (const [name, schema] of Object.entries(all)) {
      expect(() => z.toJSONSchema(schema as z.ZodMiniType, { io: 'input' }), name).not.toThrow();
      expect(() => z.toJSONSchema(schema as z.ZodMiniType, { io: 'output' }), name).not.toThrow();
    }
    expect(z.toJSONSchema(schemas.PutContentBodySchema, { io: 'input' })).toMatchObject({
      properties: { mode: { default: 'direct', enum: ['direct', 'branch'] } },
      required: ['frontmatter', 'body'],
    });
  });
});
