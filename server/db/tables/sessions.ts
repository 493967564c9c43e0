/** Only the SHA-256 of a session token is stored, so a leaked table opens no session. */
export interface SessionsTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
}
