// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CollectionConfig } from '../../../shared/content/config-schema';
import { DiffView } from '../../../web/src/components/reviews/diff-view';
import { RepoContext } from '../../../web/src/components/repos/repo-context';

/** The review's diff names a related item by its display field, as the editor's picker does. */
const articles: CollectionConfig = {
  label: 'Articles',
  directory: 'content/articles',
  fields: [
    { name: 'title', type: 'string', label: 'Title' },
    {
      name: 'author',
      type: 'relation',
      label: 'Author',
      collection: 'people',
      displayField: 'name',
    },
  ],
};
const people: CollectionConfig = {
  label: 'People',
  directory: 'content/people',
  fields: [{ name: 'name', type: 'string', label: 'Name' }],
};
const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', async (input: string) => {
    asked.push(input);
    return new Response(
      JSON.stringify([
        {
          slug: 'alice',
          path: 'content/people/alice.md',
          sha: 'a'.repeat(40),
          frontmatter: { name: 'Alice Martin' },
        },
        {
          slug: 'bob',
          path: 'content/people/bob.md',
          sha: 'b'.repeat(40),
          frontmatter: { name: 'Bob Chen' },
        },
      ]),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a relation in the review diff', () => {
  it('shows the related items by their display field, not their slugs, asking the collection once', async () => {
    render(
      <RepoContext.Provider
        value={{
          repo: 'demo/blog',
          config: { name: 'Blog', collections: { articles, people } },
          pulls: { status: 'ready' as const, data: [] },
          reloadPulls: () => {},
        }}
      >
        <DiffView
          diffs={[
            {
              collection: 'articles',
              slug: 'hello',
              type: 'modified',
              frontmatter: {
                fields: [{ name: 'author', oldValue: 'bob', newValue: 'alice', changed: true }],
              },
              body: { oldBody: 'Same.\n', newBody: 'Same.\n' },
            },
          ]}
        />
      </RepoContext.Provider>,
    );
    expect(await screen.findByText('Alice Martin')).toBeTruthy();
    expect(screen.getByText('Bob Chen')).toBeTruthy();
    expect(screen.queryByText('alice')).toBeNull();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('/content/people');
  });
});
