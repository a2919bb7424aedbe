import { describe, expect, it } from 'vitest';
import { formatDiffs } from '../../../cli/lib/diff-format';

describe('the command line diff of a file that is not a content item', () => {
  it('names the file by path and status, shows its text, and only says "binary" for a binary file', () => {
    const base = { collection: '', slug: '', frontmatter: { fields: [] } };
    const out = formatDiffs(
      [
        {
          ...base,
          type: 'added',
          body: { oldBody: '', newBody: 'on: push\n' },
          path: '.github/workflows/deploy.yml',
          file: { status: 'added' },
        },
        {
          ...base,
          type: 'modified',
          body: { oldBody: '', newBody: '' },
          path: 'static/logo.png',
          file: { status: 'renamed', previousPath: 'logo.png', binary: true },
        },
      ],
      false,
    );
    expect(out).toBe(
      '.github/workflows/deploy.yml (added)\n    + on: push\n\nstatic/logo.png (renamed from logo.png, binary)\n',
    );
  });
});
