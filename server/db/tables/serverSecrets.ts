/** A secret the server signs with, by purpose (migration 0025, server/services/serverSecret.ts). */
export interface ServerSecretsTable {
  name: string;
  /** base64url of 32 random bytes. */
  value: string;
  created_at: string;
}
