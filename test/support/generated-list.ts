import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A large collection's list answer, made up but shaped like a real one: items as
 * `GET …/content/{collection}` sends them, each with about 1 KB of frontmatter (title,
 * description, summary, dates, author, tags, categories, image, aliases) whose words come from
 * the real-world corpus (test/fixtures/real-world), so the text compresses as prose does, not
 * as repeated filler. The same count always gives the same items (a seeded generator).
 */
export interface GeneratedItem {
  slug: string;
  path: string;
  sha: string;
  frontmatter: Record<string, unknown>;
}

const corpus = path.resolve(import.meta.dirname, '../fixtures/real-world');

let vocabulary: string[] | undefined;

/**
 * Every word of the corpus (letters only, 3 to 12 of them) as often as it occurs there, in a
 * fixed order: picking one at random gives words as frequent as in real prose.
 */
export function corpusWords(): string[] {
  if (vocabulary) return vocabulary;
  const found: string[] = [];
  const files = readdirSync(corpus, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.mdx?$/.test(file))
    .sort();
  for (const file of files) {
    for (const match of readFileSync(path.join(corpus, file), 'utf8').matchAll(
      /\b[A-Za-z]{3,12}\b/g,
    ))
      found.push(match[0].toLowerCase());
  }
  vocabulary = found;
  return vocabulary;
}

/** mulberry32: a small seeded generator; good enough to pick words. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generatedListItems(count: number, seed = 31): GeneratedItem[] {
  return [...generateListItems(count, seed)];
}

/** The same items one at a time, for counts too large to hold (a 100,000-item repository is written as they come). */
export function* generateListItems(count: number, seed = 31): Generator<GeneratedItem> {
  const vocabulary = corpusWords();
  const random = seeded(seed);
  const pick = () => vocabulary[Math.floor(random() * vocabulary.length)]!;
  const phrase = (min: number, max: number) =>
    Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, pick).join(' ');
  const sentence = (min: number, max: number) => {
    const text = phrase(min, max);
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const authors = Array.from({ length: 40 }, () => `${pick()} ${pick()}`);
  const tags = Array.from({ length: 300 }, pick);
  const categories = Array.from({ length: 12 }, pick);
  for (let index = 0; index < count; index += 1) {
    const title = sentence(5, 10).slice(0, -1);
    const slug = `${title.toLowerCase().split(' ').slice(0, 5).join('-')}-${index}`;
    const day = new Date(Date.UTC(2015, 0, 1) + Math.floor(random() * 3650) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    yield {
      slug,
      path: `content/posts/${slug}.md`,
      sha: createHash('sha1').update(`blob ${slug}`).digest('hex'),
      frontmatter: {
        title,
        description: `${sentence(12, 20)} ${sentence(10, 18)}`,
        summary: `${sentence(15, 25)} ${sentence(15, 25)} ${sentence(10, 20)}`,
        date: day,
        lastmod: `${day}T${String(Math.floor(random() * 24)).padStart(2, '0')}:${String(Math.floor(random() * 60)).padStart(2, '0')}:00Z`,
        author: authors[Math.floor(random() * authors.length)],
        tags: Array.from(
          { length: 2 + Math.floor(random() * 5) },
          () => tags[Math.floor(random() * tags.length)],
        ),
        categories: [categories[Math.floor(random() * categories.length)]],
        image: `/images/${index % 97}/${slug}.jpg`,
        aliases: [`/blog/${day.slice(0, 4)}/${slug}/`],
        draft: random() < 0.05,
        weight: Math.floor(random() * 100),
      },
    };
  }
}
