import { describe, expect, it } from 'vitest';
import { lineOfField } from '../../../shared/checks/field-lines';

describe('the line cms check gives a field problem', () => {
  it('places a nested YAML value exactly, through lists and objects', () => {
    const text = [
      '---',
      'title: Links',
      'links:',
      '  - url: https://example.com',
      '    label: One',
      '  - label: Two',
      '    url: 5',
      '---',
      'Body',
    ].join('\n');
    expect(lineOfField(text, 'links[1].url')).toBe(7);
    expect(lineOfField(text, 'links[0].label')).toBe(5);
    // An absent key: the object that should hold it.
    expect(lineOfField(text, 'links[1].note')).toBe(6);
    expect(lineOfField(text, 'summary')).toBe(1);
  });

  it('places a TOML or JSON value at its top-level key, after blank lines above the block', () => {
    const toml = ['', '+++', 'title = "T"', '', '[extra]', 'team = 5', '+++', 'Body'].join('\n');
    expect(lineOfField(toml, 'title')).toBe(3);
    expect(lineOfField(toml, 'draft')).toBe(2);
    const json = ['{', '  "title": "T",', '  "extra": {', '    "team": 5', '  }', '}', ''].join(
      '\n',
    );
    expect(lineOfField(json, 'extra.team')).toBe(3);
  });
});
