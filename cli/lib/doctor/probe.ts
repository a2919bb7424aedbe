import { httpApiIntegrationTimeoutMs } from '../../../shared/http/aws-limits';
import type { DoctorOptions } from './check';

/** An answer as received: status, headers and the body's text (decompressed by fetch). */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** No answer at all: why, as the network said it. */
export class Unreachable extends Error {
  override name = 'Unreachable';
}

/** One request the way a browser or a script would send it, never following redirects. */
export async function probe(
  options: Pick<DoctorOptions, 'fetch' | 'timeoutMs'>,
  url: string,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: init.method ?? 'GET',
      headers: { 'user-agent': 'cms-doctor', ...init.headers },
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? httpApiIntegrationTimeoutMs),
    });
  } catch (error) {
    throw new Unreachable(reasonOf(error), { cause: error });
  }
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** `{error}` or `{message}` of an answer, else its first characters. */
export function answerText(answer: Answer): string {
  try {
    const body = JSON.parse(answer.text) as { error?: unknown; message?: unknown };
    if (typeof body.error === 'string') return body.error;
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: a proxy's or CloudFront's page.
  }
  return answer.text.replace(/\s+/g, ' ').slice(0, 160);
}

export function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if ((error as Error).name === 'TimeoutError') return 'no answer in time';
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}
