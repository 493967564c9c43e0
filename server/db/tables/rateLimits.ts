/** Fixed-window counters kept in the database so every instance shares them. */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: string;
}
