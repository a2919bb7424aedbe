import { createHash } from 'node:crypto';
import type { RateBudget } from '../../ports/git-host';

/** Tokens whose budgets are kept (least recently answered out first). */
const maxTokens = 200;

/**
 * Every answer's `x-ratelimit-remaining` and `x-ratelimit-reset`, per token (by its hash) and
 * resource (`core`, `graphql`, …): long-running work (building an index) stops before a limit
 * rather than at it. A request-serving call never waits on it.
 */
export function createRateLimitLog(now: () => number = Date.now) {
  const budgets = new Map<string, Map<string, RateBudget>>();
  const idOf = (token: string) => createHash('sha256').update(token).digest('base64url');
  return {
    record(token: string, headers: Record<string, unknown>): void {
      const remaining = Number(headers['x-ratelimit-remaining']);
      const reset = Number(headers['x-ratelimit-reset']);
      if (
        headers['x-ratelimit-remaining'] === undefined ||
        !Number.isFinite(remaining) ||
        !Number.isFinite(reset)
      )
        return;
      const id = idOf(token);
      const resources = budgets.get(id) ?? new Map<string, RateBudget>();
      budgets.delete(id);
      budgets.set(id, resources);
      resources.set(String(headers['x-ratelimit-resource'] ?? 'core'), {
        remaining,
        resetAt: reset * 1000,
      });
      if (budgets.size > maxTokens) budgets.delete(budgets.keys().next().value!);
    },
    /** The smallest budget left among the token's resources not yet refilled; undefined when none is known. */
    budget(token: string): RateBudget | undefined {
      const live = [...(budgets.get(idOf(token))?.values() ?? [])].filter(
        (budget) => budget.resetAt > now(),
      );
      return live.sort((a, b) => a.remaining - b.remaining)[0];
    },
  };
}

export type RateLimitLog = ReturnType<typeof createRateLimitLog>;
