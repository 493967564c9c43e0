import type { z } from 'zod';
import { HttpError } from './errors.js';

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
