import { describe, expect, it } from 'vitest';
import { randomId } from '../../shared/random-id';

describe('ids people pass around', () => {
  it('never start with "-" or "_" (a command line would read a leading "-" as an option), and keep base64url and their length', () => {
    const ids = Array.from({ length: 20_000 }, () => randomId(16));
    expect(ids.filter((id) => /^[-_]/.test(id))).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]{21}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(randomId(9)).toHaveLength(12);
  });
});
