import { describe, expect, it } from 'vitest';
import { diffFrontmatter, diffItem } from '../../../shared/content/content-diff';
import { ContentDiffFieldSchema, ContentDiffSchema } from '../../../shared/pulls/schemas';

describe('diffFrontmatter', () => {
  it('lists config fields first, then other keys in first-seen order, each once', () => {
    const result = diffFrontmatter(
      ['title', 'date', 'tags'],
      { layout: 'post', tags: ['a'], title: 'Old' },
      { title: 'New', extra: 1, tags: ['a'], layout: 'post' },
    );
    expect(result.fields.map((field) => field.name)).toEqual(['title', 'tags', 'layout', 'extra']);
  });

  it('marks changed and unchanged fields, with deep equality for lists and mappings', () => {
    const result = diffFrontmatter(
      ['title', 'tags', 'menu'],
      { title: 'Same', tags: ['a', 'b'], menu: { main: { weight: 1 } } },
      { title: 'Same', tags: ['a', 'c'], menu: { main: { weight: 1 } } },
    );
    expect(result.fields).toEqual([
      { name: 'title', oldValue: 'Same', newValue: 'Same', changed: false },
      {
        name: 'tags',
        oldValue: ['a', 'b'],
        newValue: ['a', 'c'],
        changed: true,
        changes: [{ path: '[1]', oldValue: 'b', newValue: 'c' }],
      },
      {
        name: 'menu',
        oldValue: { main: { weight: 1 } },
        newValue: { main: { weight: 1 } },
        changed: false,
      },
    ]);
  });

  it('lists the changes inside a changed object or list by path, relative to the field', () => {
    const result = diffFrontmatter(
      ['seo', 'links', 'title'],
      { seo: { title: 'A', description: 'D' }, links: [{ url: 'a' }, { url: 'b' }], title: 'T' },
      {
        seo: { title: 'B', description: 'D', image: 'i.png' },
        links: [{ url: 'a' }, { url: 'c' }],
        title: ['T'],
      },
    );
    expect(result.fields.map((field) => field.changes)).toEqual([
      [
        { path: 'title', oldValue: 'A', newValue: 'B' },
        { path: 'image', newValue: 'i.png' },
      ],
      [{ path: '[1].url', oldValue: 'b', newValue: 'c' }],
      // A string becoming a list is no nested change: the field's own old and new values say it all.
      undefined,
    ]);
    expect(Object.keys(result.fields[2]!)).not.toContain('changes');
    for (const field of result.fields)
      expect(ContentDiffFieldSchema.safeParse(field).success).toBe(true);
  });

  it('leaves out oldValue for an added key and newValue for a removed key', () => {
    const result = diffFrontmatter([], { gone: 1 }, { added: 2 });
    expect(result.fields).toEqual([
      { name: 'gone', oldValue: 1, changed: true },
      { name: 'added', newValue: 2, changed: true },
    ]);
    expect(Object.keys(result.fields[0]!)).not.toContain('newValue');
    expect(Object.keys(result.fields[1]!)).not.toContain('oldValue');
  });

  it('tells a null value from an absent key, and 1 from "1"', () => {
    expect(diffFrontmatter([], { a: null, b: 1 }, { b: '1' }).fields).toEqual([
      { name: 'a', oldValue: null, changed: true },
      { name: 'b', oldValue: 1, newValue: '1', changed: true },
    ]);
  });

  it('handles a missing side', () => {
    expect(diffFrontmatter(['title'], undefined, { title: 'x' }).fields).toEqual([
      { name: 'title', newValue: 'x', changed: true },
    ]);
    expect(diffFrontmatter(['title'], { title: 'x' }, undefined).fields).toEqual([
      { name: 'title', oldValue: 'x', changed: true },
    ]);
    expect(diffFrontmatter(['title'], undefined, undefined).fields).toEqual([]);
  });
});

describe('diffItem', () => {
  const base = { collection: 'posts', slug: 'hello', fieldOrder: ['title', 'date'] };

  it('describes a modified file field by field, with both bodies', () => {
    const diff = diffItem({
      ...base,
      oldText: '---\ntitle: Old\ndate: 2025-01-01\n---\nOld body\n',
      newText: '---\ntitle: New\ndate: 2025-01-01\n---\nNew body\n',
    });
    expect(diff).toEqual({
      collection: 'posts',
      slug: 'hello',
      type: 'modified',
      frontmatter: {
        fields: [
          { name: 'title', oldValue: 'Old', newValue: 'New', changed: true },
          { name: 'date', oldValue: '2025-01-01', newValue: '2025-01-01', changed: false },
        ],
      },
      body: { oldBody: 'Old body\n', newBody: 'New body\n' },
    });
    expect(ContentDiffSchema.safeParse(diff).success).toBe(true);
  });

  it('describes an added file with an empty old body', () => {
    const diff = diffItem({ ...base, oldText: undefined, newText: '---\ntitle: New\n---\nBody' });
    expect(diff).toMatchObject({ type: 'added', body: { oldBody: '', newBody: 'Body' } });
    expect(diff.frontmatter.fields).toEqual([{ name: 'title', newValue: 'New', changed: true }]);
  });

  it('describes a deleted file with an empty new body', () => {
    const diff = diffItem({ ...base, oldText: '---\ntitle: Old\n---\nBody', newText: undefined });
    expect(diff).toMatchObject({ type: 'deleted', body: { oldBody: 'Body', newBody: '' } });
    expect(diff.frontmatter.fields).toEqual([{ name: 'title', oldValue: 'Old', changed: true }]);
  });

  it('shows a side with unreadable frontmatter as plain text', () => {
    const broken = '---\ntitle: [unclosed\n---\nBody';
    const diff = diffItem({ ...base, oldText: broken, newText: '---\ntitle: Fixed\n---\nBody' });
    expect(diff.body.oldBody).toBe(broken);
    expect(diff.frontmatter.fields).toEqual([{ name: 'title', newValue: 'Fixed', changed: true }]);
  });

  it('refuses a diff with no side at all', () => {
    expect(() => diffItem({ ...base, oldText: undefined, newText: undefined })).toThrow(TypeError);
  });
});
