/**
 * What comes in, declared: every route's params, query string and body are zod schemas on
 * the route (`schema: { params, querystring, body }`), checked by Fastify after the route's
 * guard and before its handler, which receives the parsed values, typed through
 * `ZodProvider`. A refusal keeps the API's 400 body (`{"<path>": ["message"]}`, docs/decisions.md
 * §4); a malformed id in the URL names nothing, so it answers 404. Entity fields are
 * checked by the entity validator (entities/validateRecord.ts), which the SPA runs too: an
 * entity's body is declared `entityBody` and handed on as sent.
 */
import type { FastifySchemaCompiler, FastifyTypeProvider } from 'fastify';
import { z } from 'zod';
import { isPlainObject, MAX_ID } from '../entities/formats.js';
import { addError, type Errors } from '../entities/problems.js';
import { HttpError, notFound } from './errors.js';
import { MAX_BULK } from './entities/write.js';
import { problemText } from './problemText.js';

export interface ZodProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Field path as DRF clients expect it: `translations.it.title`, `specs.2.value`. */
export function zodErrorBody(error: z.ZodError): Record<string, string[]> {
  const body: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    (body[key] ??= []).push(issue.message);
  }
  return body;
}

export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new HttpError(400, zodErrorBody(result.error));
  return result.data;
}

/** Fastify's validator for zod schemas (app.setValidatorCompiler); Fastify hands an absent part over as null. */
export const zodCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const refusal = httpPart === 'params' ? () => notFound() : (error: z.ZodError) => new HttpError(400, zodErrorBody(error));
  return (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: refusal(result.error) };
  };
};

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
    // A zod refusal carries sentences (zodErrorBody), so the problems are written here.
    for (const [path, problems] of Object.entries(errors)) {
      for (const problem of problems) ctx.addIssue({ code: 'custom', path: path.split('.'), message: problemText(problem) });
    }
    if (Object.keys(errors).length) return z.NEVER;
    const parsed = others.safeParse(body);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message });
      return z.NEVER;
    }
    return { ...parsed.data, ids };
  });
}
