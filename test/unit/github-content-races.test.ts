import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../shared/errors';
import { createGitHubClient } from '../../shared/adapters/github/github-client';
import { putFile } from '../../shared/adapters/github/github-content';

/**
 * The contents API's 409 when other commits kept landing on the branch first ("… expected to be
 * at …", answers GitHub gave: test/fixtures/github-errors.json): after the bounded repeats the save
 * is refused as busy, never as a stale sha, which a create does not even have.
 */
describe('a contents API write that keeps losing the race for the branch', () => {
  it('answers "try again", not "fetch the latest sha", once the repeats are spent', async () => {
    // Prepare
    let attempts = 0;
    const client = createGitHubClient('token', {
      apiUrl: 'https://api.github.example',
      fetch: async () => {
        attempts += 1;
        return new Response(
          JSON.stringify({
            message: 'refs/heads/main expected to be at e765253c2a06ed7f025ee5c971f0988e54437aca',
            documentation_url:
              'https://docs.github.com/rest/repos/contents#create-or-update-file-contents',
          }),
          {
            status: 409,
            headers: { 'content-type': 'application/json' },
          },
        );
      },
    });

    // Act
    const create = putFile(
      client,
      { owner: 'o', name: 'r' },
      { path: 'content/posts/new.md', content: 'x\n', message: 'Create' },
    );

    // Assess
    await expect(create).rejects.toThrow(
      new ConflictError(
        'The branch kept moving while content/posts/new.md was being saved (other saves landed first each time); nothing was saved: try again',
      ),
    );
    expect(attempts).toBe(6);
  });
});
