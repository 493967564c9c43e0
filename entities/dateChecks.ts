import type { CheckInput } from './define.js';

/**
 * A declaration's `checks` rule for a validity period: the end date, when both are given,
 * is not before the start date (ISO dates compare as strings). The error sits on the end.
 */
export const endNotBeforeStart =
  (from: string, to: string) =>
  ({ values }: CheckInput): Record<string, string[]> | undefined => {
    const start = values[from] as string | null | undefined;
    const end = values[to] as string | null | undefined;
    return start && end && end < start ? { [to]: ['The end date must not be before the start date.'] } : undefined;
  };
