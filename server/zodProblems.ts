/**
 * A route schema's refusals as problems (entities/problems.ts), so that a 400 from a zod
 * schema is written by the error handler like any field error, `$codes` and all
 * (docs/decisions.md §11). A schema names the code of each of its failures as zod's message
 * (`code`); a length or range check's bound becomes the code's parameter,
 * and a refinement's own issue carries its parameters as `params`.
 */
import { z } from 'zod';
import { addError, type Errors, type Problem, type ProblemCode, type ProblemParams } from '../entities/problems.js';
import { isProblemCode } from './problemText.js';

/** A schema's failure named by its problem code: `{ error: code('string') }`, `.max(255, code('maxLength'))`. */
export const code = (problem: ProblemCode): string => problem;

/** The parameter a length or range check's bound fills. */
const BOUND: Partial<Record<ProblemCode, string>> = { maxLength: 'count', minLength: 'count', maxValue: 'n', minValue: 'n' };

function paramsOf(code: ProblemCode, issue: z.core.$ZodIssue): ProblemParams | undefined {
  const name = BOUND[code];
  if (name && (issue.code === 'too_big' || issue.code === 'too_small')) {
    return { [name]: Number(issue.code === 'too_big' ? issue.maximum : issue.minimum) };
  }
  return issue.code === 'custom' ? (issue.params as ProblemParams | undefined) : undefined;
}

/**
 * One issue's problem. An issue no schema named is zod's own: a value of the wrong type
 * (an object where one was expected), said as zod says it, for which parsing keeps the
 * input (`reportInput`); any other reads as `pattern`.
 */
export function zodProblem(issue: z.core.$ZodIssue): Problem {
  const code = issue.message;
  if (isProblemCode(code)) {
    const params = paramsOf(code, issue);
    return params ? { code, params } : { code };
  }
  if (issue.code === 'invalid_type') return { code: 'type', params: { expected: issue.expected, received: z.core.util.parsedType(issue.input) } };
  return { code: 'pattern' };
}

/** Problems by field path as DRF clients expect it: `translations.it.title`, `specs.2.value`. */
export function zodProblems(error: z.ZodError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) {
    const { code, params } = zodProblem(issue);
    addError(errors, issue.path.length ? issue.path.join('.') : 'non_field_errors', code, params);
  }
  return errors;
}

/** A refinement's issue naming a problem, for `ctx.addIssue`. */
export const problemIssue = (path: PropertyKey[], { code, params }: Problem) =>
  ({ code: 'custom', path, message: code, ...(params ? { params } : {}) }) as const;
