import type { Generated } from 'kysely';

/** A publish or unpublish of a row asked for a moment (migration 0027, server/entities/schedule/). */
export interface ScheduledActionsTable {
  id: Generated<number>;
  tenant_id: number;
  model: string;
  object_id: number;
  action: 'publish' | 'unpublish';
  /** `pending` until carried out (`done`), replaced (`cleared`) or given up (`failed`). */
  status: 'pending' | 'done' | 'cleared' | 'failed';
  due_at: string;
  /** Who asked: the action's write is theirs in the activity log. */
  user_id: number | null;
  username: string;
  attempts: number;
  claim: string | null;
  locked_until: string | null;
  last_error: string;
  created_at: string;
  done_at: string | null;
}
