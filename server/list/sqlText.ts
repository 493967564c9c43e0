/**
 * SQL as text with bound values, for the list engine's queries (server/list/): cheaper to
 * build and run than Kysely's builder, and small pieces of it go into a Kysely query
 * through asKysely.
 */
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { hotQuery } from '../db/hotQuery.js';

/** A piece of SQL with `?` placeholders and the values they stand for, in order. */
export class Fragment {
  constructor(
    readonly text: string,
    readonly params: readonly unknown[],
  ) {}
}

export const NOTHING = new Fragment('', []);

/** SQL text as is (an alias, a keyword): never a value from a request. */
export const raw = (text: string) => new Fragment(text, []);

/**
 * `sqlText\`… ${x} …\``: a Fragment is spliced in with its values, anything else becomes
 * a `?` bound to it.
 */
export function sqlText(strings: TemplateStringsArray, ...values: unknown[]): Fragment {
  // A template has one string more than it has values: strings[0] and strings[i + 1] exist.
  let text = strings[0]!;
  const params: unknown[] = [];
  values.forEach((value, i) => {
    if (value instanceof Fragment) {
      text += value.text;
      params.push(...value.params);
    } else {
      text += '?';
      params.push(value);
    }
    text += strings[i + 1]!;
  });
  return new Fragment(text, params);
}

export const joinText = (parts: Fragment[], separator: string) =>
  new Fragment(
    parts.map((p) => p.text).join(separator),
    parts.flatMap((p) => p.params),
  );

/** The fragment as an expression of a query Kysely builds. */
export function asKysely<T = unknown>(fragment: Fragment): RawBuilder<T> {
  const parts = fragment.text.split('?');
  return sql<T>(Object.assign([...parts], { raw: parts }) as unknown as TemplateStringsArray, ...fragment.params);
}

const MAX_SHAPES = 500;
const runners = new Map<string, ReturnType<typeof hotQuery<unknown, unknown[]>>>();

/**
 * Runs the fragment as one query without Kysely's builder and compiler, which cost
 * more than the list's queries themselves. A list has a bounded set of shapes
 * (scope, filter, number of words or ids); their runners are kept by text, capped in case.
 */
export async function runText<Row>(db: Kysely<any>, query: Fragment): Promise<Row[]> {
  let run = runners.get(query.text);
  if (!run) {
    if (runners.size >= MAX_SHAPES) runners.clear();
    run = hotQuery<unknown, unknown[]>(query.text);
    runners.set(query.text, run);
  }
  return (await run(db, ...query.params)) as Row[];
}
