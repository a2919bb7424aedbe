import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../shared/content/config-schema';
import { problemsOf } from '../../../shared/content/item-problems';
import { maxProblemMessageLength } from '../../../shared/content/schemas';

const fields = (list: Partial<FieldDefinition>[]) => ({ fields: list as FieldDefinition[] });

describe("an item's field problems, as a list carries them", () => {
  it('counts every problem and gives the first in the words of cms check', () => {
    const collection = fields([
      { name: 'title', type: 'string', required: true },
      { name: 'tags', type: 'string[]' },
    ]);
    expect(problemsOf({ collection, frontmatter: { tags: 5 } })).toEqual({
      count: 2,
      first: expect.stringMatching(/^frontmatter\.title: /),
    });
    expect(problemsOf({ collection, frontmatter: { title: 'Fine', tags: ['a'] } })).toBeUndefined();
  });

  it('keeps the first problem within its bound however long the field path is', () => {
    const name = 'x'.repeat(300);
    const found = problemsOf({
      collection: fields([{ name, type: 'string' }]),
      frontmatter: { [name]: 5 },
    });
    expect(found?.first).toHaveLength(maxProblemMessageLength);
    expect(found?.first.endsWith('…')).toBe(true);
  });

  it('says nothing of the fields of a file that cannot be read as fields', () => {
    const collection = fields([{ name: 'title', type: 'string', required: true }]);
    const problem = { code: 'invalid-frontmatter' as const, message: 'frontmatter: bad YAML' };
    expect(problemsOf({ collection, frontmatter: {}, problem })).toBeUndefined();
  });
});
