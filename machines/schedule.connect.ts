import type { SnapshotFrom } from 'xstate';
import type { ScheduleEvent, scheduleMachine } from './schedule.machine';

export type ScheduleSnapshot = SnapshotFrom<typeof scheduleMachine>;

/** Snapshot + send → the schedule control's props. */
export function connectSchedule(snapshot: ScheduleSnapshot, send: (event: ScheduleEvent) => void) {
  const { saved, edit, errors, failure } = snapshot.context;
  const editing = snapshot.matches('editing') || snapshot.matches('saving');
  return {
    loading: snapshot.matches('loading'),
    loadFailed: snapshot.matches('failed'),
    saved,
    scheduled: saved.publish_at !== null || saved.unpublish_at !== null,
    editing,
    saving: snapshot.matches('saving'),
    edit,
    errors,
    failure,
    retry: () => send({ type: 'retry' }),
    open: () => send({ type: 'open' }),
    change: (field: 'publish_at' | 'unpublish_at', value: string | null) => send({ type: 'change', field, value }),
    clear: () => send({ type: 'clear' }),
    cancel: () => send({ type: 'cancel' }),
    submit: (version: number | null) => send({ type: 'submit', version }),
  };
}

export type ScheduleProps = ReturnType<typeof connectSchedule>;
