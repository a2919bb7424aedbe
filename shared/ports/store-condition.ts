import type { Condition, StoreItem } from './store';

/** DynamoDB orders strings by their UTF-8 bytes (not by UTF-16 code units, as `<` does in JS). */
export const compareUtf8 = (a: string, b: string): number =>
  Buffer.compare(Buffer.from(a), Buffer.from(b));

const ordering = new Set(['<', '<=', '>', '>=']);

/** Rejects what DynamoDB rejects before looking at any item, so that every adapter throws alike. */
export function assertValidCondition(condition: Condition): void {
  if ('or' in condition || 'and' in condition) {
    const parts = 'or' in condition ? condition.or : condition.and;
    if (parts.length === 0)
      throw new TypeError('A condition `or`/`and` needs at least one operand');
    parts.forEach(assertValidCondition);
  } else if (
    'op' in condition &&
    ordering.has(condition.op) &&
    typeof condition.value === 'boolean'
  ) {
    throw new TypeError(
      `Booleans cannot be ordered (condition on ${condition.attr} ${condition.op})`,
    );
  }
}

const compare = (stored: unknown, op: '<' | '<=' | '>' | '>=', value: string | number): boolean => {
  let order: number;
  if (typeof stored === 'number' && typeof value === 'number') order = stored - value;
  else if (typeof stored === 'string' && typeof value === 'string')
    order = compareUtf8(stored, value);
  else return false; // DynamoDB: operands of different types never compare
  return op === '<' ? order < 0 : op === '<=' ? order <= 0 : op === '>' ? order > 0 : order >= 0;
};

/**
 * Evaluates a condition against the live item (undefined when absent or expired), as DynamoDB
 * evaluates the expression the DynamoDB adapter builds: a comparison on a missing attribute is
 * false (`<>` included), values of different types are unequal.
 */
export function evaluateCondition(condition: Condition, item: StoreItem | undefined): boolean {
  if ('exists' in condition) return item !== undefined;
  if ('notExists' in condition) return item === undefined;
  if ('attrNotExists' in condition) return item?.[condition.attrNotExists] === undefined;
  if ('or' in condition) return condition.or.some((part) => evaluateCondition(part, item));
  if ('and' in condition) return condition.and.every((part) => evaluateCondition(part, item));
  const stored = item?.[condition.attr];
  if (stored === undefined) return false;
  if (condition.op === '=') return stored === condition.value;
  if (condition.op === '<>') return stored !== condition.value;
  if (typeof condition.value === 'boolean') return false;
  return compare(stored, condition.op, condition.value);
}

/** Whether the condition holds when there is no (live) item: decides how expiry is folded in. */
export const holdsWhenAbsent = (condition: Condition): boolean =>
  evaluateCondition(condition, undefined);
