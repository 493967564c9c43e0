import type { TenantInfo } from '../../machines/session.types';

/** What the server knows about this host when it serves index.html (server/plugins/spa.ts). */
export interface BootData {
  tenant: TenantInfo | null;
  /** Whether the request carried a session cookie; the cookie itself is HttpOnly. */
  hasSession: boolean;
}

export function readBootData(doc: Document): BootData {
  const raw = doc.querySelector('meta[name="boot"]')?.getAttribute('content');
  try {
    const parsed = raw ? (JSON.parse(raw) as Partial<BootData>) : {};
    return { tenant: parsed.tenant ?? null, hasSession: parsed.hasSession !== false };
  } catch {
    return { tenant: null, hasSession: true };
  }
}
