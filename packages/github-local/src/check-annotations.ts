import type { CheckAnnotationRecord } from './state';

/** GitHub takes at most this many annotations per create or update request. */
export const MAX_ANNOTATIONS_PER_REQUEST = 50;
const LEVELS = ['notice', 'warning', 'failure'] as const;

const isLine = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1;
const optionalText = (value: unknown) => (typeof value === 'string' ? value : null);
const optionalLine = (value: unknown) => (isLine(value) ? value : null);

/** The annotations of a check run's `output.annotations`, or why they are refused (GitHub's 422). */
export function annotationsOf(input: unknown): CheckAnnotationRecord[] | string {
  if (!Array.isArray(input)) return '"annotations" must be an array.';
  if (input.length > MAX_ANNOTATIONS_PER_REQUEST)
    return `Only ${MAX_ANNOTATIONS_PER_REQUEST} annotations are allowed per request.`;
  const records: CheckAnnotationRecord[] = [];
  for (const item of input as Record<string, unknown>[]) {
    if (typeof item !== 'object' || item === null) return 'Each annotation must be an object.';
    if (typeof item.path !== 'string' || item.path === '')
      return '"path" wasn\'t supplied for an annotation.';
    if (!isLine(item.start_line) || !isLine(item.end_line) || item.end_line < item.start_line)
      return '"start_line" and "end_line" must be lines (1 or more), end_line not before start_line.';
    if (!LEVELS.includes(item.annotation_level as (typeof LEVELS)[number]))
      return '"annotation_level" must be notice, warning or failure.';
    if (typeof item.message !== 'string' || item.message === '')
      return '"message" wasn\'t supplied for an annotation.';
    records.push({
      path: item.path,
      startLine: item.start_line,
      endLine: item.end_line,
      // Columns only mean something on one line, as GitHub documents.
      startColumn: item.start_line === item.end_line ? optionalLine(item.start_column) : null,
      endColumn: item.start_line === item.end_line ? optionalLine(item.end_column) : null,
      level: item.annotation_level as CheckAnnotationRecord['level'],
      message: item.message,
      title: optionalText(item.title),
      rawDetails: optionalText(item.raw_details),
    });
  }
  return records;
}

/** GitHub's `check-annotation` shape; `blob` is the web address of the run's commit's tree. */
export function annotationShape(annotation: CheckAnnotationRecord, blob: string) {
  return {
    path: annotation.path,
    start_line: annotation.startLine,
    end_line: annotation.endLine,
    start_column: annotation.startColumn,
    end_column: annotation.endColumn,
    annotation_level: annotation.level,
    title: annotation.title,
    message: annotation.message,
    raw_details: annotation.rawDetails,
    blob_href: `${blob}/${annotation.path.split('/').map(encodeURIComponent).join('/')}`,
  };
}
