/**
 * Every answer the delivery API gives in a test, checked against its OpenAPI document
 * (issue 15 point 6). The harness gives every route under `/api/public/v1/` of every app it
 * builds a last `onSend` hook that records the answer as sent (status, headers, body); when a
 * describe block ends, the harness checks all of them at once (checkPublicAnswers). An answer
 * is right when its operation describes its status, carries the headers that response
 * requires, and its body validates against the response's schema (JSON Schema 2020-12, ajv):
 * the schemas are closed, so a field the declarations do not list fails.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { onSendHookHandler, RouteOptions } from 'fastify';
import { sharedRegistry } from '../../server/entities/registry.js';
import { openApiDocument } from '../../server/public/openapi/document.js';
import { PUBLIC_API, publicEntities } from '../../server/public/routes.js';

export interface PublicAnswer {
  /** The operation's path in the document, e.g. `/products/{slug}`. */
  path: string;
  status: number;
  headers: Record<string, unknown>;
  body: string;
}

type Document = ReturnType<typeof openApiDocument>;
type Json = Record<string, unknown>;

const recorded: PublicAnswer[] = [];
const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** For the harness's onRoute: records every GET answer of a delivery route. */
export function recordPublicAnswers(route: RouteOptions) {
  if (!route.url.startsWith(PUBLIC_API) || !asArray(route.method).includes('GET')) return;
  const path = route.url.slice(PUBLIC_API.length).replace(/:(\w+)/g, '{$1}');
  const record: onSendHookHandler = (req, reply, payload, done) => {
    if (req.method === 'GET')
      recorded.push({ path, status: reply.statusCode, headers: { ...reply.getHeaders() }, body: typeof payload === 'string' ? payload : '' });
    done(null, payload);
  };
  route.onSend = [...asArray(route.onSend), record];
}

/** How many answers went out through a route so far: one replayed before its route (public/replay.ts) is not among them. */
export const recordedCount = (): number => recorded.length;

/** The answers recorded so far (and forgets them). */
export const takeRecordedAnswers = (): PublicAnswer[] => recorded.splice(0);

// ajv-formats is CommonJS with `exports.default`: under NodeNext it arrives as the module object.
const addFormats = (addFormatsModule as unknown as { default: typeof addFormatsModule }).default;
const pointer = (...parts: string[]) => `openapi#/${parts.map((p) => encodeURIComponent(p.replaceAll('~', '~0').replaceAll('/', '~1'))).join('/')}`;

/** One schema error, naming the property an answer has and its schema does not. */
const errorText = (e: ErrorObject) =>
  `${e.instancePath || '/'} ${e.message ?? e.keyword}${typeof e.params.additionalProperty === 'string' ? `: ${e.params.additionalProperty}` : ''}`;

/** Checks answers against a document: one line per problem, none when every answer is described. */
export function answerProblems(doc: Document | Json, answers: readonly PublicAnswer[]): string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc as Json, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const resolve = (obj: Json): [Json, string[]] => {
    const target = typeof obj.$ref === 'string' ? obj.$ref : undefined;
    if (!target) return [obj, []];
    const parts = target.slice(2).split('/');
    return [parts.reduce<Json>((o, p) => o[p] as Json, doc as Json), parts];
  };
  const problems: string[] = [];
  for (const a of answers) {
    const at = `GET ${a.path} ${a.status} ${a.body.slice(0, 200)}`;
    const operation = ((doc as Json).paths as Record<string, Json | undefined>)[a.path]?.get as Json | undefined;
    if (!operation) {
      problems.push(`${at}: no such operation`);
      continue;
    }
    const own = (operation.responses as Record<string, Json | undefined>)[String(a.status)];
    if (!own) {
      problems.push(`${at}: status not described`);
      continue;
    }
    const [response, refParts] = resolve(own);
    const where = refParts.length ? refParts : ['paths', a.path, 'get', 'responses', String(a.status)];
    for (const [name, h] of Object.entries((response.headers ?? {}) as Record<string, Json>)) {
      if (resolve(h)[0].required === true && a.headers[name.toLowerCase()] === undefined) problems.push(`${at}: no ${name} header`);
    }
    const content = response.content as Json | undefined;
    if (!content) {
      if (a.body !== '') problems.push(`${at}: a body where none is described`);
      continue;
    }
    if (!String(a.headers['content-type']).startsWith('application/json')) problems.push(`${at}: content-type ${String(a.headers['content-type'])}`);
    const ref = pointer(...where, 'content', 'application/json', 'schema');
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: ref });
      compiled.set(ref, validate);
    }
    let body: unknown;
    try {
      body = JSON.parse(a.body);
    } catch {
      problems.push(`${at}: not JSON`);
      continue;
    }
    if (!validate(body)) problems.push(`${at}: ${[...new Set((validate.errors ?? []).map(errorText))].slice(0, 10).join('; ')}`);
  }
  return problems;
}

let served: Document | undefined;
/** The document the server serves. */
export function servedDocument(): Document {
  const registry = sharedRegistry();
  return (served ??= openApiDocument(registry, publicEntities(registry.entities)));
}

/** Checks every answer recorded since the last check against the served document; throws with the problems. */
export function checkPublicAnswers() {
  const answers = takeRecordedAnswers();
  if (!answers.length) return;
  const problems = answerProblems(servedDocument(), answers);
  if (problems.length) {
    throw new Error(`${problems.length} of ${answers.length} delivery API answers do not match openapi.json:\n  ${problems.slice(0, 20).join('\n  ')}`);
  }
}
