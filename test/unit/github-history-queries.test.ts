import { describe, expect, it } from 'vitest';
import { historyQuery, movedFromQuery } from '../../shared/adapters/github/github-history-host';
import { expectValidGitHubQuery } from '../../packages/github-local/test/support/github-graphql-schema';

/** The item history's GraphQL documents, validated against GitHub's published schema. */
describe("the history adapter's GraphQL documents against GitHub's schema", () => {
  it('accepts a page of history, with and without the checked path beside it', () => {
    expectValidGitHubQuery(historyQuery(true));
    expectValidGitHubQuery(historyQuery(false));
    expect(historyQuery(true)).toContain('history(path: $path, first: $first, after: $after)');
    expect(historyQuery(true)).toContain('associatedPullRequests(first: 1)');
    expect(historyQuery(false)).not.toContain('$check');
  });

  it('accepts the folder before and after a commit, one and two levels deep', () => {
    expectValidGitHubQuery(movedFromQuery(1));
    expectValidGitHubQuery(movedFromQuery(2));
  });
});
