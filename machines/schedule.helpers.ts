import { toConflict } from './entityForm.helpers';
import type { RowId } from './entityList.types';

export type ScheduleField = 'publish_at' | 'unpublish_at';

/** A row's pending actions as the API answers them (null: none). */
export interface RowSchedule {
  publish_at: string | null;
  unpublish_at: string | null;
}

/** What the row's detail and the schedule route answer that the schedule reads. */
export interface ScheduledRow {
  version: number;
  schedule?: RowSchedule;
}

/** The row as a 409 of the schedule route holds it, or null when the error is none. */
export function scheduleConflict(error: unknown): ScheduledRow | null {
  const current = toConflict(error)?.current as Partial<ScheduledRow> | undefined;
  return current && typeof current.version === 'number' ? { version: current.version, schedule: current.schedule } : null;
}

/** Which row the schedule is of. */
export interface ScheduleTarget {
  resource: string;
  id: RowId;
}

/** A schedule save: the row, the version it names, the moments. */
export interface SaveScheduleInput extends ScheduleTarget {
  version: number | null;
  schedule: RowSchedule;
}
