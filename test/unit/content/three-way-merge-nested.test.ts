import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../../shared/content/frontmatter';
import { mergeMarkdown } from '../../../shared/content/three-way-merge';

/** The field-aware merge inside objects and lists. */
const link = (label: string, url = `/${label.toLowerCase()}`) => ({ label, url });
const base = {
  title: 'About',
  seo: { title: 'About us', description: 'Who we are' },
  links: [link('Home', '/'), link('Blog'), link('Contact')],
};
const file = (frontmatter: object) => `---\n${yamlOf(frontmatter)}---\nBody.\n`;
// A fixed block style, so a change on one side changes only its own lines.
function yamlOf(value: object, indent = ''): string {
  return Object.entries(value)
    .map(([key, item]) => {
      if (Array.isArray(item))
        return `${indent}${key}:\n${item.map((entry) => `${indent}  - ${yamlOf(entry, `${indent}    `).trimStart()}`).join('')}`;
      if (typeof item === 'object') return `${indent}${key}:\n${yamlOf(item, `${indent}  `)}`;
      return `${indent}${key}: ${item}\n`;
    })
    .join('');
}
const edit = (change: (value: typeof base) => void) => {
  const copy = structuredClone(base);
  change(copy);
  return copy;
};
const merged = (ours: object, theirs: object) => {
  const result = mergeMarkdown(file(base), file(ours), file(theirs));
  return result.ok ? parseMarkdown(result.text).frontmatter : result;
};

describe('mergeMarkdown inside objects and lists', () => {
  it('merges edits to different keys of one object', () => {
    const ours = edit((fm) => (fm.seo.title = 'About the team'));
    const theirs = edit((fm) => (fm.seo.description = 'Who we are and what we do'));
    expect(merged(ours, theirs)).toEqual({
      ...base,
      seo: { title: 'About the team', description: 'Who we are and what we do' },
    });
  });

  it('names the deepest conflicting path; fields stays the top-level name', () => {
    const ours = edit((fm) => (fm.seo.title = 'Ours'));
    const theirs = edit((fm) => (fm.seo.title = 'Theirs'));
    expect(merged(ours, theirs)).toEqual({ ok: false, conflicts: ['seo'], paths: ['seo.title'] });
  });

  it('merges different items of a list of the same length, and different keys of one item', () => {
    const ours = edit((fm) => {
      fm.links[0]!.label = 'Start';
      fm.links[2]!.url = '/write';
    });
    const theirs = edit((fm) => (fm.links[2]!.label = 'Write to us'));
    expect(merged(ours, theirs)).toEqual({
      ...base,
      links: [link('Start', '/'), link('Blog'), link('Write to us', '/write')],
    });
  });

  it('names the item and key edited differently on both sides', () => {
    const ours = edit((fm) => (fm.links[1]!.url = '/news'));
    const theirs = edit((fm) => (fm.links[1]!.url = '/journal'));
    expect(merged(ours, theirs)).toEqual({
      ok: false,
      conflicts: ['links'],
      paths: ['links[1].url'],
    });
  });

  it('merges an item added on one side with an item edited on the other (diff3 over items)', () => {
    const ours = edit((fm) => fm.links.unshift(link('News')));
    const theirs = edit((fm) => (fm.links[1]!.url = '/journal'));
    expect(merged(ours, theirs)).toEqual({
      ...base,
      links: [link('News'), link('Home', '/'), link('Blog', '/journal'), link('Contact')],
    });
  });

  it('merges an item removed on one side with an item added at the other end', () => {
    const ours = edit((fm) => fm.links.splice(0, 1));
    const theirs = edit((fm) => fm.links.push(link('Jobs')));
    expect(merged(ours, theirs)).toEqual({
      ...base,
      links: [link('Blog'), link('Contact'), link('Jobs')],
    });
  });

  it('names the list position when both sides add different items at the same place', () => {
    const ours = edit((fm) => fm.links.push(link('Jobs')));
    const theirs = edit((fm) => fm.links.push(link('Press')));
    expect(merged(ours, theirs)).toEqual({ ok: false, conflicts: ['links'], paths: ['links[3]'] });
  });

  it('names the deepest path of an item edited on both sides while the list grew on one', () => {
    const ours = edit((fm) => {
      fm.links[1]!.url = '/news';
      fm.links.push(link('Jobs'));
    });
    const theirs = edit((fm) => (fm.links[1]!.url = '/journal'));
    expect(merged(ours, theirs)).toEqual({
      ok: false,
      conflicts: ['links'],
      paths: ['links[1].url'],
    });
  });

  it('takes a list one side left unchanged whole, and an edit made the same on both sides once', () => {
    const ours = edit((fm) => (fm.links = [link('One')]));
    expect(merged(ours, base)).toEqual({ ...base, links: [link('One')] });
    expect(merged(ours, ours)).toEqual(ours);
  });

  it('lists top-level and nested conflicts together, and the body last', () => {
    const ours = edit((fm) => {
      fm.title = 'Ours';
      fm.seo.description = 'Ours';
    });
    const theirs = edit((fm) => {
      fm.title = 'Theirs';
      fm.seo.description = 'Theirs';
    });
    const result = mergeMarkdown(
      file(base),
      file(ours).replace('Body.', 'Ours.'),
      file(theirs).replace('Body.', 'Theirs.'),
    );
    expect(result).toEqual({
      ok: false,
      conflicts: ['title', 'seo', 'body'],
      paths: ['title', 'seo.description', 'body'],
    });
  });
});
