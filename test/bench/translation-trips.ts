import { apiClient } from '../support/api-client';
import { author, postText } from '../support/generated-collection';
import { startTestService } from '../support/local-service';
import { createTranslatedCollection } from '../support/translated-collection';
import { ms, table, times } from './markdown';
import { summarise } from './round-trips';

/**
 * What the translation report of a large translated collection costs (issue #36): GitHub round
 * trips, DynamoDB requests and wall time, cold, warm and after one default-locale file changed,
 * next to what a client without our API needs from GitHub's REST API (a model: one commits-list
 * call per file, and one more per pair changed apart).
 */
export interface TranslationTripRow {
  call: string;
  github: number;
  detail: string;
  dynamo: number;
  ms: number;
  /** API requests until the report was complete (a request stops after its time budget). */
  requests: number;
  /** Of those, how many GitHub failed to answer in time (502), asked again. */
  failures: number;
  rest: { trips: number; model: string };
}

export interface TranslationTrips {
  items: number;
  locales: number;
  files: number;
  apart: number;
  rows: TranslationTripRow[];
}

export async function measureTranslationTrips(
  progress: (line: string) => void,
  size = { items: 1000, locales: 10 },
): Promise<TranslationTrips> {
  const service = await startTestService();
  try {
    const api = apiClient(service.url);
    const session = await api.signIn('demo');
    progress(`i18n: seeding ${size.items} items in ${size.locales} locales`);
    const site = await createTranslatedCollection(service, { name: 'i18n-bench', ...size });
    const connected = await api.post('/api/repos', { fullName: site.fullName }, { session });
    if (connected.status !== 201) throw new Error(`i18n: connect answered ${connected.status}`);
    const expected = Object.values(site.expected);
    const translations = expected.reduce(
      (sum, locale) => sum + size.items - locale.missing.length,
      0,
    );
    // Every English item has at least one translation here, so every English file is asked for.
    const files = size.items + translations;
    const apart = expected.reduce((sum, locale) => sum + locale.outdated.length, 0);
    const rest = (changedFiles: number, changedApart: number) => ({
      trips: 2 + changedFiles + changedApart,
      model: `GET /contents/cms.config.json, GET /git/trees/main?recursive=1 (every locale's directory), GET /commits?path=…&per_page=1 for each of the ${changedFiles.toLocaleString('en')} files (its last change), and GET /commits?path=<default file>&sha=<translation's last change>&per_page=1 for each of the ${changedApart.toLocaleString('en')} pairs changed apart: 2 + ${changedFiles.toLocaleString('en')} + ${changedApart.toLocaleString('en')}`,
    });
    const rows: TranslationTripRow[] = [];
    // A report that ran out of its request's time is asked again until complete, as the CLI and
    // the editor do; the row sums the requests.
    const measure = async (call: string, model: TranslationTripRow['rest']) => {
      service.github.resetRequestCount();
      service.dynamo.resetRequestCount();
      const started = performance.now();
      let requests = 0;
      let failures = 0;
      for (let complete = false; !complete;) {
        requests += 1;
        const answer = await api.get(
          `/api/repos/${encodeURIComponent(site.fullName)}/content/posts/_translations`,
          { session },
        );
        // GitHub (here the local host, on a shared machine) not answering in time is a 502; what
        // the report had read is kept, so asking again continues, as a person would.
        if (answer.status === 502 && (failures += 1) <= 3) {
          progress(`i18n: ${call}: 502 (${failures} of 3 allowed), asking again`);
          continue;
        }
        if (answer.status !== 200)
          throw new Error(`${call}: ${answer.status} ${JSON.stringify(answer.body)}`);
        complete = answer.body.complete === true;
        if (!complete) progress(`i18n: ${call}: ${answer.body.pending} statuses pending`);
        if (requests > 200) throw new Error(`${call}: still partial after 200 requests`);
      }
      rows.push({
        call,
        requests,
        github: service.github.requestCount(),
        detail: summarise(service.github.requestLog()),
        dynamo: service.dynamo.requestCount(),
        ms: performance.now() - started,
        failures,
        rest: model,
      });
    };
    progress('i18n: the report cold, warm, and after one English file changed');
    await measure('cold (no status known)', rest(files, apart));
    await measure('warm (the same files)', rest(files, apart));
    const [first] = site.posts;
    await service.github.commitFiles('demo', 'i18n-bench', {
      branch: 'main',
      message: 'Revise the first post',
      author,
      changes: [{ path: first!.path, content: postText(first!, 'i18n-bench', 'again: true\n') }],
    });
    // A client without a record of earlier answers asks everything again; the first post's
    // translations are now changed apart from it too.
    const pairs = expected.filter((locale) => !locale.missing.includes(first!.slug)).length;
    await measure('after one English file changed', rest(files, apart + pairs));
    return { ...size, files, apart, rows };
  } finally {
    await service.stop();
  }
}

export function renderTranslationTrips(trips: TranslationTrips): string {
  const { items, locales, files, apart, rows } = trips;
  return `## Translation report: GitHub round trips (issue #36)

\`GET …/content/{collection}/_translations\` on a collection of ${items.toLocaleString('en')} items in
${locales} locales (\`directories\` structure; ${files.toLocaleString('en')} files: in each other locale
10% of the translations are missing, and every eighth English file changed after its translations,
${apart.toLocaleString('en')} pairs changed apart), counted by the local GitHub-compatible host and
the embedded DynamoDB: cold (no status in the table), warm (the same report again), then after one
English file changed. A request stops asking git history after 10 s of work and
answers \`complete: false\`; the report is asked again until complete, as \`cms i18n status\` and the
editor do, and a row sums its requests. How many requests a cold report takes depends on how fast
history answers (the local host runs git for each file, on a shared machine: its wall time is no
measure of GitHub's); each request beyond the first adds one Snapshot read, at most one history
round trip that is not full, and a read of the statuses still unknown from the table. A client without our API would ask GitHub's REST API for each file's last
change (the model is under the table). Measured alone (\`BENCH_ONLY=i18n\`); a full
\`npm run bench\` writes this section after the others. With time enough for one request, a cold
report would take 1 + ⌈(files + pairs changed apart) / 100⌉ round trips or one more: that count, cold,
warm and after one change, is asserted at 120 items in 3 locales in
\`test/integration/translation-report-counts.test.ts\` (1 + 5, 1 and 3).

${table(
  [
    'call',
    'requests',
    'GitHub',
    'our round trips',
    'DynamoDB',
    'ms',
    'REST, naively',
    'ratio REST / ours',
  ],
  rows.map((row) => [
    row.call,
    row.failures ? `${row.requests} (${row.failures} × 502)` : row.requests,
    row.github,
    row.detail,
    row.dynamo,
    ms(row.ms),
    row.rest.trips.toLocaleString('en'),
    times(row.rest.trips / row.github),
  ]),
)}

${rows.map((row) => `- ${row.call}: ${row.rest.model}.`).join('\n')}
`;
}
