/**
 * What comes in, declared: every route's params, query string and body are zod schemas on
 * the route (`schema: { params, querystring, body }`), checked by Fastify after the route's
 * guard and before its handler, which receives the parsed values, typed through
 * `ZodProvider`. A refusal is field problems (server/zodProblems.ts), written as the API's 400
 * body (`{"<path>": ["message"]}`, docs/decisions.md §4, §11) by the error handler; a malformed
 * id in the URL names nothing, so it answers 404. Entity fields are
 * checked by the entity validator (entities/validateRecord.ts), which the SPA runs too: an
 * entity's body is declared `entityBody` and handed on as sent.
 */
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { isPlainObject, MAX_ID } from '../entities/formats.js';
import { addError, type Errors } from '../entities/problems.js';
import { fieldErrors, notFound } from './errors.js';
import { MAX_BULK } from './entities/write.js';
import { code, problemIssue, zodProblem, zodProblems } from './zodProblems.js';

export interface ZodProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

// The input stays on an issue, for the type a value had (zodProblem).
const parse = <S extends z.ZodType>(schema: S, input: unknown) => schema.safeParse(input, { reportInput: true });

export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = parse(schema, input ?? {});
  if (!result.success) throw fieldErrors(zodProblems(result.error));
  return result.data;
}

/** Fastify's validator for zod schemas (app.setValidatorCompiler); Fastify hands an absent part over as null. */
export const zodCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const refusal = httpPart === 'params' ? () => notFound() : (error: z.ZodError) => fieldErrors(zodProblems(error));
  return (data) => {
    const result = parse(schema, data);
    return result.success ? { value: result.data } : { error: refusal(result.error) };
  };
};

/**
 * A required text of at most `max` characters, trimmed, not blank: each failure names its
 * problem code (server/zodProblems.ts).
 */
export const requiredText = (max: number) =>
  z
    .string({ error: (i) => code(i.input === undefined ? 'required' : 'string') })
    .max(max, code('maxLength'))
    .transform((s) => s.trim())
    .pipe(z.string().min(1, code('blank')));

/** A part that may be absent altogether (a bodyless POST, a JSON `null`): read as `{}`. */
export const absentAsEmpty = <S extends z.ZodType>(schema: S) => z.preprocess((v) => v ?? {}, schema);

export const objectOf = <S extends z.ZodRawShape>(shape: S) => absentAsEmpty(z.object(shape));

/** A part that has nothing to declare: anything passes, unread. */
export const nothing = z.unknown();

/** A query string as parsed: every parameter a string, or a list when repeated. */
export const rawQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** An entity's body: its fields are the entity validator's (entities/validateRecord.ts); handed on as sent. */
export const entityBody = z.unknown();

/** `/:id` names a row when it is a positive integer in canonical form, else nothing (404). */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .refine((id) => id <= MAX_ID),
});

/** The errors of a bulk body's `ids`, as the engine's bulk delete has always named them. */
function idsErrors(body: unknown): { ids: number[]; errors: Errors } {
  const errors: Errors = {};
  const ids: number[] = [];
  if (!isPlainObject(body) || !Array.isArray(body.ids)) addError(errors, 'ids', 'ids');
  else if (body.ids.length === 0) addError(errors, 'ids', 'emptyList');
  else if (body.ids.length > MAX_BULK) addError(errors, 'ids', 'maxItems', { count: MAX_BULK });
  else {
    body.ids.forEach((raw, i) => {
      const id = typeof raw === 'number' && Number.isInteger(raw) && raw >= 1 && raw <= MAX_ID ? raw : undefined;
      if (id === undefined) addError(errors, `ids.${i}`, 'id');
      else ids.push(id);
    });
  }
  return { ids, errors };
}

/**
 * A body `{ ids: [...] }` (bulk delete, move), with `rest` checked once the ids are good:
 * `{ ids, ...rest }` when both pass.
 */
export function idsBody<S extends z.ZodRawShape = {}>(rest?: S) {
  const others = z.object(rest ?? ({} as S));
  return z.unknown().transform((body, ctx) => {
    const { ids, errors } = idsErrors(body);
    for (const [path, problems] of Object.entries(errors)) {
      for (const problem of problems) ctx.addIssue(problemIssue(path.split('.'), problem));
    }
    if (Object.keys(errors).length) return z.NEVER;
    const parsed = others.safeParse(body, { reportInput: true });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue(problemIssue(issue.path as PropertyKey[], zodProblem(issue)));
      return z.NEVER;
    }
    return { ...parsed.data, ids };
  });
}
