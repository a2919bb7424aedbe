import { describe, expect, it } from 'vitest';
import type { CmsConfig } from '../../shared/content/config-schema';
import { pagesBranchAlias, previewUrl } from '../../shared/pulls/preview-url';

const config = (pagesProject?: string): CmsConfig => ({
  name: 'x',
  collections: {},
  ...(pagesProject ? { preview: { pagesProject } } : {}),
});

describe('preview URLs', () => {
  it("follow Cloudflare Pages' branch alias rule when the config names a Pages project", () => {
    expect(pagesBranchAlias('cms/posts/hello-world')).toBe('cms-posts-hello-world');
    expect(pagesBranchAlias('cms/posts/A_Very.Long-Slug-For-Testing-Purposes')).toBe(
      'cms-posts-a-very-long-slug-f',
    );
    expect(pagesBranchAlias('cms/posts/x--')).toBe('cms-posts-x');
    expect(previewUrl(config('my-site'), 'cms/posts/hello', 'https://ignored.example')).toBe(
      'https://cms-posts-hello.my-site.pages.dev',
    );
  });

  it("fall back to the head commit's deployment URL, then to null", () => {
    expect(previewUrl(config(), 'cms/posts/hello', 'https://preview-123.netlify.app')).toBe(
      'https://preview-123.netlify.app',
    );
    expect(previewUrl(config(), 'cms/posts/hello', null)).toBeNull();
    expect(previewUrl(config(), 'cms/posts/hello', 'javascript:alert(1)')).toBeNull();
  });
});
