export interface SidebarFlags {
  drawer: boolean;
  clipped: boolean;
  minivariant: boolean;
}

export const SIDEBAR_COOKIES = {
  drawer: 'sidebar_drawer',
  clipped: 'sidebar_clipped',
  minivariant: 'sidebar_minivariant',
} as const satisfies Record<keyof SidebarFlags, string>;

export const DEFAULT_FLAGS: SidebarFlags = { drawer: true, clipped: false, minivariant: false };

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** docs/spec.md §3: the flags are stored as 0/1; anything else keeps the default. */
export function flagsFromCookies(cookieHeader: string): SidebarFlags {
  const flag = (key: keyof SidebarFlags) => {
    const v = readCookie(cookieHeader, SIDEBAR_COOKIES[key]);
    return v === '1' ? true : v === '0' ? false : DEFAULT_FLAGS[key];
  };
  return { drawer: flag('drawer'), clipped: flag('clipped'), minivariant: flag('minivariant') };
}

export const flagCookies = (flags: SidebarFlags) =>
  (Object.keys(SIDEBAR_COOKIES) as Array<keyof SidebarFlags>).map((k) => ({ name: SIDEBAR_COOKIES[k], value: flags[k] ? '1' : '0' }));

export const toggleIn = (list: string[], item: string) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);
