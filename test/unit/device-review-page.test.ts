import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeSeconds, reviewPage } from '../../functions/device/review-page';

describe('the device review page', () => {
  it('escapes every value it shows, whatever the store or the provider hands it', () => {
    // Prepare: values no validated request can carry, as if the provider or the table were hostile
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>&';
    const { html, headers } = reviewPage({
      userCode: hostile,
      verificationUri: `https://github.example/login/device?x=${hostile}`,
      scope: { permissions: ['content:read'], repos: [`demo/${hostile}`], expiresIn: 86_400 },
      codeExpiresAt: hostile,
    });

    // Assess
    expect(html).not.toMatch(/<script|<img|onerror=alert\(2\)>/i);
    expect(html).toContain(
      '&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;img src=x onerror=alert(2)&#62;&#38;',
    );
    expect(html).toContain('<code>demo/&#34;&#62;&#60;script&#62;');
    expect(html).toMatch(
      /<a href="https:\/\/github\.example\/login\/device\?x=&#34;&#62;&#60;script&#62;[^"]*">/,
    );
    expect(headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
  });

  it('allows its one inline stylesheet by the hash of exactly that text (as a browser checks it)', () => {
    const { html, headers } = reviewPage({
      userCode: 'ABCD-EFGH',
      verificationUri: 'https://github.com/login/device',
      scope: { permissions: ['content:read'], repos: ['*'], expiresIn: 60 },
      codeExpiresAt: '2030-01-01T00:00:00.000Z',
    });
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
    expect(styles).toHaveLength(1);
    expect(headers['content-security-policy']).toContain(
      `'sha256-${createHash('sha256').update(styles[0]!).digest('base64')}'`,
    );
  });

  it.each([
    [7 * 86_400, '7 days'],
    [86_400, '1 day'],
    [3 * 3_600, '3 hours'],
    [90 * 60, '90 minutes'],
    [61, '61 seconds'],
  ])('says %i seconds as "%s"', (seconds, words) => {
    expect(describeSeconds(seconds)).toBe(words);
  });
});
