import type { CheckInput } from './define.js';
import type { Errors } from './problems.js';

/**
 * A declaration's `checks` rule for a validity period: the end date, when both are given,
 * is not before the start date (ISO dates compare as strings). The error sits on the end.
 */
export const endNotBeforeStart =
  (from: string, to: string) =>
  ({ values }: CheckInput): Errors | undefined => {
    const start = values[from] as string | null | undefined;
    const end = values[to] as string | null | undefined;
    return start && end && end < start ? { [to]: [{ code: 'endBeforeStart' }] } : undefined;
  };
