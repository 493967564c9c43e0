import type { ConfirmInput } from './shell.types';

/** A condition on the machine's context, written inline where the question is placed. */
type ContextGuard<TContext> = (args: { context: TContext }) => boolean;

/** Where a yes goes; with a guard, only when that holds too (the first that does wins). */
interface Approved<TContext> {
  target: string;
  guard?: ContextGuard<TContext>;
}

const answeredYes = (event: { output?: unknown }) => event.output === true;

/**
 * The question before a delete, as the one state node every deleting machine places (entity
 * list and form, media manager, menu tree): it invokes the shell's `confirm` actor with the
 * machine's question; a yes takes the first of `approved` whose guard holds; a no, or a
 * dialog that failed, takes `declined` in order — nothing is deleted (docs/spec.md §5).
 */
export function confirmDeleteState<TContext, const TApproved extends readonly Approved<TContext>[], const TDeclined extends readonly object[]>(ask: {
  question: (args: { context: TContext }) => ConfirmInput;
  approved: TApproved;
  declined: TDeclined;
}) {
  const approved = ask.approved.map((way) => {
    const holds = way.guard;
    return {
      ...way,
      guard: (args: { context: TContext; event: { output?: unknown } }) => answeredYes(args.event) && (!holds || holds(args)),
    };
  });
  return {
    invoke: {
      id: 'confirm',
      src: 'confirm',
      input: ask.question,
      // The callers' actions come from their machine's own `assign`/`emit`, typed for the
      // machine's events; here they run on the confirm actor's done or error event, which they
      // never read (only context). TypeScript's inference of that depends on the order it checks
      // files in, so the transitions are handed over untyped.
      onDone: [...approved, ...ask.declined] as never[],
      onError: [...ask.declined] as never[],
    },
  } as const;
}
