import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderCliReference } from '../../../cli/reference/cli-reference';

const committed = () => readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8');

describe('docs/cli.md, the CLI reference', () => {
  it('is what the command definitions render now (run npm run docs:cli after changing a command)', () => {
    const rendered = renderCliReference();
    if (rendered !== committed())
      expect.fail('docs/cli.md is stale: run `npm run docs:cli` and commit the result');
  });

  it("holds every command's usage line and every option it takes", () => {
    const reference = renderCliReference();
    expect(reference).toContain(
      'Usage: cms content put [options] <repo> <collection> <slug> [file]',
    );
    expect(reference).toContain('Usage: cms drafts merge [options] <repo> <number>');
    expect(reference).toMatch(/--expires-in <duration> +token lifetime after approval/);
    expect(reference).toContain(
      'Exit codes: 0 ok, 1 error, 2 usage, 3 conflict (409), 4 authentication or permission (401/403)',
    );
  });
});
