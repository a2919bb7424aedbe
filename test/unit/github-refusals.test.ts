import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classifyRefusal } from '../../shared/adapters/github/github-refusals';

interface Recorded {
  expect: string | null;
  status: number;
  headers?: Record<string, string>;
  body: unknown;
  source: string;
}

const recorded = (
  JSON.parse(readFileSync(new URL('../fixtures/github-errors.json', import.meta.url), 'utf8')) as {
    answers: Recorded[];
  }
).answers;

/** An error as octokit throws it for an answer. */
const octokitError = (answer: Recorded) =>
  Object.assign(new Error('HttpError'), {
    status: answer.status,
    response: { data: answer.body, headers: answer.headers ?? {} },
  });

describe('what GitHub means by an error answer', () => {
  it.each(
    recorded.map(
      (answer) =>
        [
          answer.expect ?? 'nothing special',
          answer.status,
          (answer.body as { message: string }).message,
          answer,
        ] as const,
    ),
  )('%s: %i %j', (_, __, ___, answer) => {
    expect(classifyRefusal(octokitError(answer)) ?? null).toBe(answer.expect);
  });

  it('reads a rate limit from the headers, whatever the words', () => {
    const limited = Object.assign(new Error('HttpError'), {
      status: 403,
      response: {
        data: { message: 'You have exceeded a secondary rate limit' },
        headers: { 'retry-after': '60' },
      },
    });
    expect(classifyRefusal(limited)).toBe('rate-limited');
    const wordless = Object.assign(new Error('HttpError'), {
      status: 429,
      response: { data: {}, headers: { 'x-ratelimit-remaining': '0' } },
    });
    expect(classifyRefusal(wordless)).toBe('rate-limited');
  });

  it('tells a sha GitHub does not take, and a missing branch, from other 422s and 404s', () => {
    const answer = (status: number, message: string) =>
      Object.assign(new Error('HttpError'), {
        status,
        response: { data: { message }, headers: {} },
      });
    expect(classifyRefusal(answer(422, 'sha does not match a blob'))).toBe('sha-invalid');
    expect(classifyRefusal(answer(422, 'Invalid request.'))).toBeUndefined();
    expect(classifyRefusal(answer(404, 'Branch cms/posts/a not found'))).toBe('branch-missing');
    expect(classifyRefusal(answer(404, 'Not Found'))).toBeUndefined();
  });

  it('says nothing of errors that are not GitHub answers', () => {
    expect(classifyRefusal(new Error('socket hang up'))).toBeUndefined();
    expect(classifyRefusal(null)).toBeUndefined();
  });
});
