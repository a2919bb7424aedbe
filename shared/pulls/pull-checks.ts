import { absent } from '../ports/pull-host';
import type { CheckRunInfo } from '../ports/review-host';
import { placeOfLine } from './annotation-place';
import type { CheckRun, CheckRunAnnotation, PullChecks } from './check-schemas';
import { openRepo, readDraftPull, type PullDeps, type PullOptions } from './pull-context';
import { itemOf } from './item-of-path';

const stateOf = (run: CheckRunInfo): CheckRun['state'] =>
  run.status !== 'completed' ? run.status : ((run.conclusion ?? 'neutral') as CheckRun['state']);

/**
 * The check runs on a draft's head with their reports, each annotation of an item's file placed
 * at the frontmatter field (or the body) its line falls on, read at that head. Round trips: the
 * pull request (with the config), the runs, one per run that has annotations (in parallel), and
 * one for the annotated items' texts, all in one query, when there are any.
 */
export async function readPullChecks(
  deps: PullDeps,
  { userId, fullName, number }: PullOptions,
): Promise<PullChecks> {
  const opened = await openRepo(deps, { userId, fullName });
  const view = await readDraftPull(deps, { opened, number });
  const headSha = view.pull.headSha;
  const runs = await opened.call((token) => deps.reviewHost.checkRuns(token, opened.repo, headSha));
  const itemPaths = [
    ...new Set(runs.flatMap((run) => run.annotations.map((annotation) => annotation.path))),
  ].filter((path) => itemOf(view.config, path));
  const wanted = Object.fromEntries(
    itemPaths.map((path, n) => [`file${n}`, { path, ref: headSha }]),
  );
  const reads =
    itemPaths.length > 0
      ? await opened.call((token) => deps.pullHost.readTexts(token, opened.repo, wanted))
      : {};
  const texts = new Map(
    itemPaths.map((path, n) => {
      const read = reads[`file${n}`] ?? absent;
      return [path, read.kind === 'text' ? read.text : undefined] as const;
    }),
  );
  const placed = (annotation: CheckRunInfo['annotations'][number]): CheckRunAnnotation => {
    const item = itemOf(view.config, annotation.path);
    const text = texts.get(annotation.path);
    return {
      ...annotation,
      ...(item ? { collection: item.collection, slug: item.slug } : {}),
      ...(text === undefined ? {} : placeOfLine(text, annotation.startLine)),
    };
  };
  return {
    headSha,
    checkRuns: runs.map((run) => ({
      id: run.id,
      name: run.name,
      state: stateOf(run),
      title: run.title,
      summary: run.summary,
      url: run.url,
      annotationsCount: run.annotationsCount,
      annotations: run.annotations.map(placed),
    })),
  };
}
