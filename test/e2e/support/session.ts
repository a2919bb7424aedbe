import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import {
  startTestService,
  type TestService,
  type TestServiceOptions,
} from '../../support/local-service';
import { signInAs } from './actions';
import { launchBrowser, type Browser } from './browser';
import { buildEditorIfStale, webRoot } from './build-editor';

export interface EditorSession {
  readonly service: TestService;
  readonly browser: Browser;
  /** The demo/blog repository's git directory on the local host. */
  readonly gitDir: string;
}

/**
 * One e2e file's session: the editor built, local mode started, a browser signed in as demo with
 * demo/blog connected. The editor is served with its production headers, so a CSP violation or a
 * console error fails the test that caused it (checked after each test). `before` runs first (a
 * server the test needs, say) and may add options to the service.
 */
export function useEditorSession(
  options: {
    before?: () => Promise<Partial<TestServiceOptions> | void>;
    after?: () => Promise<void>;
  } = {},
): EditorSession {
  let session: EditorSession | undefined;
  beforeAll(async () => {
    const extra = (await options.before?.()) ?? {};
    await buildEditorIfStale();
    const service = await startTestService({ webRoot, ...extra });
    const browser = await launchBrowser(service.url, service.github.url);
    session = { service, browser, gitDir: service.github.gitDir('demo', 'blog') };
    await browser.page.goto(`${service.url}/app/`);
    await signInAs(browser.page, 'demo');
    await browser.page.getByRole('button', { name: 'Connect demo/blog' }).click();
    await browser.page
      .getByRole('list', { name: 'Connected repositories' })
      .getByRole('link', { name: 'demo/blog' })
      .waitFor();
  });
  afterEach(() => {
    expect(session?.browser.newProblems()).toEqual([]);
  });
  afterAll(async () => {
    await session?.browser.close();
    await session?.service.stop();
    await options.after?.();
  });
  const current = (): EditorSession => {
    if (!session) throw new Error('The e2e session is used before beforeAll ran');
    return session;
  };
  return {
    get service() {
      return current().service;
    },
    get browser() {
      return current().browser;
    },
    get gitDir() {
      return current().gitDir;
    },
  };
}
