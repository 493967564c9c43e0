/** An import job's outcome for one row of its file (migration 0024, server/entities/import/). */
export interface JobRowsTable {
  job_id: number;
  /** The row's number as a spreadsheet shows it (the header is 1). */
  line: number;
  outcome: string;
  /** The row created or updated; null for an error. */
  row_id: number | null;
  /** JSON list of the columns an update changes (`price`, `name.it`); '' otherwise. */
  changes: string;
}

/** The mapping and options a user last imported an entity with on a site. */
export interface ImportMappingsTable {
  tenant_id: number;
  user_id: number;
  entity: string;
  /** JSON: file header → column. */
  mapping: string;
  /** JSON: mode and key. */
  options: string;
  updated_at: string;
}
