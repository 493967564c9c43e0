/** Profile as `GET /api/profiles/me/` answers it (docs/spec.md §3 user info). */
export interface UserInfo {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'MA' | 'DE' | null;
  user_role: string;
  is_superuser: boolean;
  all_permissions: Array<{ codename: string; name: string }>;
}

/** `GET /api/tenants/by_domain` */
export interface TenantInfo {
  id: number;
  name: string;
  kind: 'default' | 'dealer';
  domain: string;
  aliases: string[];
  brand_list: string[];
  /** docs/spec.md §9: on a mono-brand site, the brand row new rows are pre-filled with. */
  mono_brand: { id: number; name: string } | null;
  languages: string[];
  default_language: string;
}

export interface Credentials {
  username: string;
  password: string;
}

/**
 * A failed request as users read it (docs/spec.md §8): its status and a message key for its kind.
 * What the request was and what the server said go to the console (src/http/client.ts).
 */
export interface BootError {
  status: number;
  key: string;
}
