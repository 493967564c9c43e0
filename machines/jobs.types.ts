/** A job as the API answers it, typed once for server and SPA (entities/jobView.ts). */
export type { JobStatus, JobView as Job } from '../entities/jobView';

export interface JobIdInput {
  id: number;
}

export type { ConfirmInput } from './shell.types';
export type { BootError as LoadError } from './session.types';
