import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /**
   * Content-Security-Policy violations, console errors, page errors and requests to other hosts
   * seen so far, minus the allowed console errors. A violation can never be allowed.
   */
  problems(): string[];
  /** The problems recorded since the previous call (for an afterEach that names the test at fault). */
  newProblems(): string[];
  /** Permits console errors matching `pattern` (a deliberate 4xx is logged by Chromium itself). */
  allow(pattern: RegExp): void;
  close(): Promise<void>;
}

/** Runs in every document before its own scripts: reports each CSP violation to the test. */
const reportViolations = () => {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as { __cspViolation(text: string): void }).__cspViolation;
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      report(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'}${where}${event.sample ? `: ${event.sample}` : ''} (${document.location.pathname})`,
      );
    },
    true,
  );
};

/**
 * Chromium with a fresh profile. Every Content-Security-Policy violation (the editor is served
 * with its production headers), console error, uncaught page error and request that leaves the
 * service's origin (or the local GitHub host's sign-in page) is recorded, so a test can fail on it.
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
  const violations: string[] = [];
  await context.exposeBinding('__cspViolation', ({ frame }, text: string) => {
    if (new URL(frame.url()).origin !== new URL(githubUrl).origin)
      violations.push(`CSP violation: ${text}`);
  });
  await context.addInitScript(reportViolations);
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
    if (!allowedOrigins.includes(new URL(url).origin))
      seen.push(`request outside the service: ${url}`);
  });
  const problems = (from = { violations: 0, seen: 0 }) => [
    ...violations.slice(from.violations),
    ...seen.slice(from.seen).filter((problem) => !allowed.some((pattern) => pattern.test(problem))),
  ];
  const checked = { violations: 0, seen: 0 };
  return {
    context,
    page,
    problems: () => problems(),
    newProblems() {
      const found = problems(checked);
      Object.assign(checked, { violations: violations.length, seen: seen.length });
      return found;
    },
    allow: (pattern) => allowed.push(pattern),
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
