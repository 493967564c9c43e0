import { assign, emit, setup } from 'xstate';
import { provided } from './actors';
import { toServerErrors } from './entityForm.helpers';
import type { FieldErrors } from './entityForm.types';
import type { RowId } from './entityList.types';
import { errorStatus } from './session.helpers';
import { type RowSchedule, type SaveScheduleInput, scheduleConflict, type ScheduledRow, type ScheduleField, type ScheduleTarget } from './schedule.helpers';

export interface ScheduleContext {
  resource: string;
  id: RowId;
  /** The row's version the next request names: as loaded, last saved, or the form's at submit. */
  version: number | null;
  /** As the server holds it. */
  saved: RowSchedule;
  /** As being edited (ISO 8601 instants; null: none). */
  edit: RowSchedule;
  errors: FieldErrors;
  /** Why the last save failed when no field says it: the row changed meanwhile, or anything else. */
  failure: 'stale' | 'failed' | null;
}

export type ScheduleInput = ScheduleTarget;

export type ScheduleEvent =
  | { type: 'retry' }
  | { type: 'open' }
  | { type: 'change'; field: ScheduleField; value: string | null }
  | { type: 'clear' }
  | { type: 'cancel' }
  /** The form's version of the row when the user submits: the schedule is a write over it. */
  | { type: 'submit'; version: number | null };

/** Tells the form the row's new version after a schedule was saved (the form's fields are unchanged). */
export type ScheduleEmitted = { type: 'versioned'; version: number };

const NONE: RowSchedule = { publish_at: null, unpublish_at: null };

/**
 * A row's scheduled publish and unpublish beside its form (issue 16 item 3): read with the
 * row, edited in the user's time zone, saved over the row's version (POST …/schedule/).
 */
export const scheduleMachine = setup({
  types: { context: {} as ScheduleContext, input: {} as ScheduleInput, events: {} as ScheduleEvent, emitted: {} as ScheduleEmitted },
  actors: {
    loadSchedule: provided<ScheduledRow, ScheduleTarget>('loadSchedule'),
    saveSchedule: provided<ScheduledRow, SaveScheduleInput>('saveSchedule'),
  },
}).createMachine({
  id: 'schedule',
  context: ({ input }) => ({ ...input, version: null, saved: NONE, edit: NONE, errors: {}, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSchedule',
        src: 'loadSchedule',
        input: ({ context }) => ({ resource: context.resource, id: context.id }),
        onDone: { target: 'idle', actions: assign(({ event }) => ({ version: event.output.version, saved: event.output.schedule ?? NONE })) },
        onError: 'failed',
      },
    },
    failed: { on: { retry: 'loading' } },
    idle: {
      on: { open: { target: 'editing', actions: assign(({ context }) => ({ edit: context.saved, errors: {}, failure: null })) } },
    },
    editing: {
      on: {
        change: { actions: assign(({ context, event }) => ({ edit: { ...context.edit, [event.field]: event.value }, errors: {} })) },
        clear: { actions: assign({ edit: NONE, errors: {} }) },
        cancel: { target: 'idle', actions: assign({ failure: null, errors: {} }) },
        submit: { target: 'saving', actions: assign(({ context, event }) => ({ version: event.version ?? context.version, failure: null })) },
      },
    },
    saving: {
      invoke: {
        id: 'saveSchedule',
        src: 'saveSchedule',
        input: ({ context }) => ({ resource: context.resource, id: context.id, version: context.version, schedule: context.edit }),
        onDone: {
          target: 'idle',
          actions: [
            assign(({ event }) => ({ version: event.output.version, saved: event.output.schedule ?? NONE })),
            emit(({ event }) => ({ type: 'versioned' as const, version: event.output.version })),
          ],
        },
        onError: [
          {
            guard: ({ event }) => errorStatus(event.error) === 400,
            target: 'editing',
            actions: assign({ errors: ({ event }) => toServerErrors(event.error) }),
          },
          {
            // Someone saved the row meanwhile: the times they left are shown, the next submit names their version.
            guard: ({ event }) => scheduleConflict(event.error) !== null,
            target: 'editing',
            actions: assign(({ event }) => {
              const current = scheduleConflict(event.error)!;
              return { version: current.version, saved: current.schedule ?? NONE, failure: 'stale' as const };
            }),
          },
          { target: 'editing', actions: assign({ failure: 'failed' }) },
        ],
      },
    },
  },
});
