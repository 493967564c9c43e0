import { fromPromise } from 'xstate';
import type { SaveScheduleInput, ScheduledRow, ScheduleTarget } from '../../machines/schedule.helpers';
import { api } from './client';
import { resourceUrl } from './entityActors';

/** The schedule control's actors (machines/schedule.machine.ts): the row's detail, and `POST …/schedule/` (server/entities/schedule/routes.ts). */
export const scheduleActors = {
  loadSchedule: fromPromise<ScheduledRow, ScheduleTarget>(({ input, signal }) => api<ScheduledRow>(resourceUrl(input.resource, input.id), { signal })),
  saveSchedule: fromPromise<ScheduledRow, SaveScheduleInput>(({ input }) =>
    api<ScheduledRow>(`${resourceUrl(input.resource, input.id)}schedule/`, { method: 'POST', body: { ...input.schedule, version: input.version } }),
  ),
};
