import { describe, expect, it } from 'vitest';
import { parseCmsConfig } from '../../shared/content/config-read';
import { splitMarkdown } from '../../shared/content/frontmatter-block';
import { parseMarkdown } from '../../shared/content/frontmatter';
import { isValidSlug } from '../../shared/content/slug';
import { validateFrontmatter } from '../../shared/content/validate-frontmatter';
import { generatedListItems } from '../support/generated-list';
import { generatedPostsConfig, generatePostFiles } from '../support/generated-posts';

/**
 * The posts of the scale benchmark (and of any test that needs a large collection): what the
 * service reads from each file is exactly the generated item, every value fits the collection's
 * declared fields, the frontmatter is about 1 KB, and the same seed always gives the same bytes.
 */
describe('generated posts', () => {
  const count = 2_000;
  const posts = [...generatePostFiles(count)];
  const items = generatedListItems(count);

  it("read back with the service's parser as the generated items, with a body", () => {
    for (const [index, post] of posts.entries()) {
      const item = items[index]!;
      expect(post.path).toBe(`content/posts/${item.slug}.md`);
      expect(isValidSlug(post.slug), post.slug).toBe(true);
      const parsed = parseMarkdown(post.content);
      expect(parsed.frontmatter, post.path).toEqual(item.frontmatter);
      expect(parsed.body).toMatch(/^\n# .+\n\n[A-Z].+\.\n$/s);
    }
  });

  it('hold values the declared fields accept, about 1 KB of YAML each', () => {
    const config = parseCmsConfig(generatedPostsConfig());
    const fields = config.collections.posts!.fields;
    expect(fields.map((field) => field.name).sort()).toEqual(
      Object.keys(items[0]!.frontmatter).sort(),
    );
    for (const item of items) validateFrontmatter(fields, item.frontmatter, { isCreate: true });
    const yamlBytes = posts.map((post) =>
      Buffer.byteLength(splitMarkdown(post.content).frontmatter!.text),
    );
    const mean = yamlBytes.reduce((sum, bytes) => sum + bytes, 0) / count;
    expect(mean).toBeGreaterThan(800);
    expect(mean).toBeLessThan(1_300);
  });

  it('are the same bytes for the same seed, other bytes for another, under any directory', () => {
    expect([...generatePostFiles(50)]).toEqual(posts.slice(0, 50));
    const other = [...generatePostFiles(50, { seed: 7, directory: 'docs/en' })];
    expect(other.every((post) => post.path.startsWith('docs/en/'))).toBe(true);
    expect(other.filter((post, index) => post.content === posts[index]!.content)).toEqual([]);
  });
});
