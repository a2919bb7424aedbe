import { createGeneratedRepository, generatePostFiles } from '../support/generated-posts';
import { signIn } from '../support/local-service';
import { startBenchService, type BenchService } from './bench-service';
import { createDecapReplay, decapWallModel, type DecapWallModel } from './decap-editor';
import { countsOf, recordRequests } from './request-records';

/**
 * What an editor waits for, with the local GitHub host answering every request `latencyMs` late
 * (80 ms: GitHub's API seen from a cloud region): ours through the API exactly as the editor calls
 * it (web/src: the same requests in the same order, in parallel where it sends them together),
 * beside Decap's GitHub backend replayed against the same host at its own concurrency
 * (decap-editor.ts). Each run uses fresh repositories of `count` generated posts (their own seed,
 * so nothing is cached for them anywhere: "cold"); setting up is not timed and runs undelayed.
 */
export interface WallRow {
  operation: string;
  /** What the editor sends, in words. */
  ours: { ms: number[]; github: number; dynamo: number; calls: string };
  decap: { ms: number[]; requests: number; model: DecapWallModel };
}

export interface EditorWallResults {
  latencyMs: number;
  count: number;
  runs: number;
  rows: WallRow[];
}

interface Timed {
  ms: number;
  github: number;
  dynamo: number;
}

export async function measureEditorWall(
  progress: (line: string) => void,
  options: { latencyMs: number; count: number; runs: number },
): Promise<EditorWallResults> {
  const records = recordRequests();
  const service: BenchService = await startBenchService({ logger: records.logger });
  try {
    const session = await signIn(service.url, 'demo');
    const ghToken = service.github.issueUserToken('demo').access_token;
    const rows = new Map<string, WallRow>();
    const add = (
      operation: string,
      calls: string,
      model: DecapWallModel,
      ours: Timed,
      decap: { ms: number; requests: number },
    ) => {
      const row = rows.get(operation) ?? {
        operation,
        ours: { ms: [], github: ours.github, dynamo: ours.dynamo, calls },
        decap: { ms: [], requests: decap.requests, model },
      };
      row.ours.ms.push(ours.ms);
      row.decap.ms.push(decap.ms);
      rows.set(operation, row);
    };

    for (let run = 1; run <= options.runs; run += 1) {
      progress(
        `editor wall time: run ${run} of ${options.runs}, ${options.count.toLocaleString('en')} posts each for ours and Decap`,
      );
      const seed = 100 + run;
      const ours = await createGeneratedRepository(service.github, {
        name: `wall-ours-${run}`,
        count: options.count,
        seed,
      });
      await createGeneratedRepository(service.github, {
        name: `wall-decap-${run}`,
        count: options.count,
        seed: seed + 50,
      });
      const connected = await call(service, session, 'POST', '/api/repos', {
        fullName: ours.fullName,
      });
      if (connected.status !== 201)
        throw new Error(`connect: ${connected.status} ${connected.text}`);
      await service.github.settleWebhooks();
      const [edited, drafted] = pick(options.count, seed);
      const [decapEdited, decapDrafted] = pick(options.count, seed + 50);
      const repo = `/api/repos/${encodeURIComponent(ours.fullName)}`;
      const decap = createDecapReplay({
        apiUrl: service.github.apiUrl,
        token: ghToken,
        owner: 'demo',
        repo: `wall-decap-${run}`,
        folder: 'content/posts',
        standIn: () => new Promise((resolve) => setTimeout(resolve, options.latencyMs)),
      });
      /** Times one operation of ours (its requests' GitHub and DynamoDB counts from the service's log). */
      const timeOurs = async (run_: () => Promise<void>): Promise<Timed> => {
        records.take();
        const started = performance.now();
        await run_();
        const ms = performance.now() - started;
        return { ms, ...countsOf(records.take().requests) };
      };
      const timeDecap = async (run_: () => Promise<number>) => {
        const started = performance.now();
        const requests = await run_();
        return { ms: performance.now() - started, requests };
      };
      const expectStatus = async (pending: Promise<Answer>, status: number) => {
        const answer = await pending;
        if (answer.status !== status)
          throw new Error(
            `${answer.method} ${answer.path}: ${answer.status} ${answer.text.slice(0, 300)}`,
          );
        return answer.json as Record<string, any>;
      };
      const get = (path: string) => expectStatus(call(service, session, 'GET', path), 200);
      // web/src/app.tsx asks who is signed in; repo-layout.tsx then loads the configuration and the
      // drafts together; item-list-page.tsx the list once the configuration is there.
      const openList = async () => {
        await get('/api/auth/me');
        const [items] = await Promise.all([
          get(`${repo}/config`).then(() => get(`${repo}/content/posts`)),
          get(`${repo}/pulls`),
        ]);
        if (!Array.isArray(items) || items.length !== options.count)
          throw new Error(
            `ours: the list has ${Array.isArray(items) ? items.length : '?'} items, not ${options.count}`,
          );
      };

      service.github.setLatency(options.latencyMs);
      try {
        const listCalls = 'me → (config ‖ drafts) → list';
        add(
          'open the app, see the list (cold)',
          listCalls,
          decapWallModel.openList(options.count, false),
          await timeOurs(openList),
          await timeDecap(() => decap.openList(false)),
        );
        add(
          'open the app, see the list (warm)',
          listCalls,
          decapWallModel.openList(options.count, true),
          await timeOurs(openList),
          await timeDecap(() => decap.openList(true)),
        );
        let item: Record<string, any> = {};
        add(
          'open an item',
          'the item',
          decapWallModel.openItem(),
          await timeOurs(
            async () => void (item = await get(`${repo}/content/posts/${edited.slug}`)),
          ),
          await timeDecap(() => decap.openItem()),
        );
        const changed = (fields: Record<string, any>) => ({
          ...fields.frontmatter,
          title: `${String(fields.frontmatter.title)} (edited)`,
        });
        add(
          'save (publish directly)',
          'PUT the item, direct',
          decapWallModel.save(),
          await timeOurs(
            async () =>
              void (await expectStatus(
                call(service, session, 'PUT', `${repo}/content/posts/${edited.slug}`, {
                  frontmatter: changed(item),
                  body: item.body,
                  sha: item.sha,
                  mode: 'direct',
                }),
                200,
              )),
          ),
          await timeDecap(() => decap.save(decapEdited.slug, `${decapEdited.content}\nEdited.\n`)),
        );
        const original = await get(`${repo}/content/posts/${drafted.slug}`);
        let draft: { sha: string; branch: string; number: number } | undefined;
        // save-flow.ts: a first draft save, then its pull request opened as a draft.
        add(
          'save a draft (first save: branch and review)',
          'PUT the item, branch → open the pull request',
          decapWallModel.saveDraft(),
          await timeOurs(async () => {
            const saved = await expectStatus(
              call(service, session, 'PUT', `${repo}/content/posts/${drafted.slug}`, {
                frontmatter: changed(original),
                body: original.body,
                sha: original.sha,
                mode: 'branch',
              }),
              200,
            );
            const pull = await expectStatus(
              call(service, session, 'POST', `${repo}/pulls`, {
                branch: saved.branch,
                title: `Edit ${drafted.slug}`,
                draft: true,
              }),
              200,
            );
            draft = { sha: saved.sha, branch: saved.branch, number: pull.number };
          }),
          await timeDecap(() =>
            decap.saveDraft(decapDrafted.slug, `${decapDrafted.content}\nDrafted.\n`),
          ),
        );
        // save-flow.ts, publishing an item in review: save to its branch (unchanged here), merge, read the item again.
        add(
          'publish the draft',
          'PUT the item, branch (unchanged) → merge → the item',
          decapWallModel.publish(),
          await timeOurs(async () => {
            await expectStatus(
              call(service, session, 'PUT', `${repo}/content/posts/${drafted.slug}`, {
                frontmatter: changed(original),
                body: original.body,
                sha: draft!.sha,
                mode: 'branch',
              }),
              200,
            );
            await expectStatus(
              call(service, session, 'PUT', `${repo}/pulls/${draft!.number}/merge`, {}),
              200,
            );
            await get(`${repo}/content/posts/${drafted.slug}`);
          }),
          await timeDecap(() => decap.publish(decapDrafted.slug)),
        );
      } finally {
        service.github.setLatency(0);
      }
      await service.github.settleWebhooks();
      await service.settleRequests();
    }
    return {
      latencyMs: options.latencyMs,
      count: options.count,
      runs: options.runs,
      rows: [...rows.values()],
    };
  } finally {
    await service.stop();
  }
}

/** Two posts to edit, from the middle of the generated collection (the same bytes the repository holds). */
function pick(count: number, seed: number) {
  const posts = [...generatePostFiles(count, { seed })];
  return [posts[Math.floor(count / 2)]!, posts[Math.floor(count / 3)]!] as const;
}

interface Answer {
  method: string;
  path: string;
  status: number;
  text: string;
  json: unknown;
}

/** One request as the editor sends it: the session cookie, Origin on writes, JSON; fetch decodes br and gzip as a browser does. */
async function call(
  service: BenchService,
  session: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const response = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      cookie: `cms_session=${session}`,
      accept: 'application/json',
      ...(method === 'GET' ? {} : { origin: service.url }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { method, path, status: response.status, text, json };
}
