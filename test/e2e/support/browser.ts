import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Console errors, page errors and requests to other hosts seen so far, minus the allowed ones. */
  problems(): string[];
  /** Permits console errors matching `pattern` (a deliberate 4xx is logged by Chromium itself). */
  allow(pattern: RegExp): void;
  close(): Promise<void>;
}

/**
 * Chromium with a fresh profile. Every console error, uncaught page error and request that leaves
 * the service's origin (or the local GitHub host's sign-in page) is recorded, so a test can fail on it.
 */
export async function launchBrowser(serviceUrl: string, githubUrl: string): Promise<Browser> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'cms-e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args,
    viewport: { width: 1280, height: 860 },
    locale: 'en-GB',
    timezoneId: 'UTC',
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: serviceUrl });
  const page = context.pages()[0] ?? (await context.newPage());
  const seen: string[] = [];
  const allowed: RegExp[] = [];
  const allowedOrigins = [new URL(serviceUrl).origin, new URL(githubUrl).origin];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const origin = new URL(message.location().url || serviceUrl).origin;
    if (origin === new URL(githubUrl).origin) return; // the host's sign-in page is not the editor
    seen.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = request.url();
    if (/^(data|blob|about):/.test(url)) return;
    if (!allowedOrigins.includes(new URL(url).origin)) seen.push(`request outside the service: ${url}`);
  });
  return {
    context,
    page,
    problems: () => seen.filter((problem) => !allowed.some((pattern) => pattern.test(problem))),
    allow: (pattern) => allowed.push(pattern),
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
