/** What the activity screen filters by; dates are the user's calendar days (`2026-11-26`), empty when not set. */
export interface ActivityFilters {
  user: { id: number; username: string | null } | null;
  model: string;
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilters = { user: null, model: '', action: '', from: '', to: '' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start of a calendar day in the user's time zone, as the instant the API takes; undefined for no valid date. */
export function dayStart(day: string, laterDays = 0): string | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + laterDays);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The API's query (`GET /api/activity/`) for the filters and page: `from` is the start of its
 * day and `to` — a day the user means to include — the start of the next, both where the
 * user is (the API's `to` is exclusive).
 */
export function activityQuery(f: ActivityFilters, before: number | null): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.user) q.user = String(f.user.id);
  if (f.model) q.model = f.model;
  if (f.action) q.action = f.action;
  const from = dayStart(f.from);
  const to = dayStart(f.to, 1);
  if (from) q.from = from;
  if (to) q.to = to;
  if (before !== null) q.before = String(before);
  return q;
}
