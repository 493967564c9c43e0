import { memo, useMemo } from 'react';
import { Link, useRouter } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../locales/languages';
import { useT } from '../i18n/i18n';
import { GROUPS, ROUTES } from '../routing/routes';
import type { GroupDef, RouteDef } from '../routing/types';
import { type MenuGroup, type MenuLink, sidebarMenu } from '../routing/sidebar';
import { Icon } from '../ui/icons';
import { useRenderProbe } from '../ui/renderProbe';
import { useLanguageView } from './services/language';
import { useSessionView } from './services/session';
import { useSidebar } from './services/sidebar';

const INDENT_PX = 14;
/** Icons only: still a step in, so a group's children read as its children. */
const MINI_INDENT_PX = 8;

/** Subscribes to one boolean, so navigating re-renders only the links whose state flips. */
function useIsActive(path: string) {
  const { base } = useRouter();
  const full = `${base}${path}`;
  return useLocationProperty(() => window.location.pathname === full || window.location.pathname.startsWith(`${full}/`));
}

const useMini = () => useSidebar((s) => s.mini);

const itemClass = (active: boolean) =>
  `flex w-full items-center gap-3 rounded-md py-2 pr-3 text-sm ${active ? 'bg-brand-soft text-white' : 'text-ink-muted hover:bg-surface-overlay hover:text-ink'}`;

const SidebarLink = memo(function SidebarLink({ link, depth }: { link: MenuLink; depth: number }) {
  useRenderProbe(`link:${link.name}`);
  const t = useT();
  const active = useIsActive(link.path);
  const mini = useMini();
  const label = t(link.label);
  return (
    <li>
      <Link
        href={link.path}
        className={itemClass(active)}
        style={{ paddingLeft: 12 + depth * (mini ? MINI_INDENT_PX : INDENT_PX) }}
        aria-current={active ? 'page' : undefined}
        title={mini ? label : undefined}
      >
        {link.icon && <Icon name={link.icon} className="shrink-0" />}
        <span className={mini ? 'sr-only' : 'truncate'}>{label}</span>
      </Link>
    </li>
  );
});

const SidebarGroup = memo(function SidebarGroup({ group }: { group: MenuGroup }) {
  useRenderProbe(`group:${group.name}`);
  const t = useT();
  const expanded = useSidebar((s) => s.expanded.includes(group.name));
  const toggle = useSidebar((s) => s.toggleGroup);
  const mini = useMini();
  const label = t(group.label);
  const listId = `nav-group-${group.name}`;
  return (
    <li>
      <button
        type="button"
        className={itemClass(false)}
        style={{ paddingLeft: 12 }}
        aria-expanded={expanded}
        aria-controls={listId}
        title={mini ? label : undefined}
        onClick={() => toggle(group.name)}
      >
        <Icon name={group.icon} className="shrink-0" />
        <span className={mini ? 'sr-only' : 'flex-1 truncate text-left'}>{label}</span>
        {!mini && <Icon name="chevron" width={16} height={16} className={`transition-transform ${expanded ? 'rotate-90' : ''}`} />}
      </button>
      {expanded && (
        <ul id={listId} className="mt-0.5 space-y-0.5">
          {group.children.map((c) => (
            <SidebarLink key={c.name} link={c} depth={1} />
          ))}
        </ul>
      )}
    </li>
  );
});

function LanguageSelect() {
  const t = useT();
  const current = useLanguageView((l) => l.requested);
  const choose = useLanguageView((l) => l.choose);
  const mini = useMini();
  return (
    <label className={`flex items-center gap-3 px-3 py-2 text-sm text-ink-muted ${mini ? 'justify-center' : ''}`} title={mini ? t('nav.language') : undefined}>
      <Icon name="language" className="shrink-0" />
      <span className="sr-only">{t('nav.language')}</span>
      <select
        value={current}
        onChange={(e) => choose(e.target.value as Language)}
        className={`${mini ? 'w-0 opacity-0 absolute' : 'flex-1'} rounded-md border border-surface-border bg-surface px-2 py-1 text-ink`}
        data-testid="language-select"
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </label>
  );
}

function SessionItem() {
  const t = useT();
  const loggedIn = useSessionView((s) => s.loggedIn);
  const logout = useSessionView((s) => s.logout);
  const mini = useMini();
  if (!loggedIn)
    return (
      <li>
        <Link href="/login" className={itemClass(false)} style={{ paddingLeft: 12 }}>
          <Icon name="login" className="shrink-0" />
          <span className={mini ? 'sr-only' : ''}>{t('nav.login')}</span>
        </Link>
      </li>
    );
  return (
    <li>
      <button type="button" className={itemClass(false)} style={{ paddingLeft: 12 }} onClick={logout} title={mini ? t('nav.logout') : undefined}>
        <Icon name="logout" className="shrink-0" />
        <span className={mini ? 'sr-only' : ''}>{t('nav.logout')}</span>
      </button>
    </li>
  );
}

/** The navigation of docs/spec.md §2/§6: nested groups, footer items, session item and language selector. */
export const Sidebar = memo(function Sidebar({ routes = ROUTES, groups = GROUPS }: { routes?: RouteDef[]; groups?: GroupDef[] }) {
  useRenderProbe('sidebar');
  const t = useT();
  const user = useSessionView((s) => s.user);
  const loggedIn = useSessionView((s) => s.loggedIn);
  const dealerBackoffice = useSessionView((s) => s.dealerBackoffice);
  const dealer = useSessionView((s) => s.dealer);
  const menu = useMemo(
    () => sidebarMenu(routes, groups, { loggedIn, user, dealerBackoffice }, { withScreenOnly: true }),
    [routes, groups, loggedIn, user, dealerBackoffice],
  );
  const showLanguages = LANGUAGES.length > 1 && !dealer;
  return (
    <nav aria-label={t('nav.label')} className="flex h-full flex-col gap-2 overflow-y-auto p-2" data-testid="sidebar">
      <ul className="flex-1 space-y-0.5">
        {menu.main.map((entry) =>
          entry.kind === 'group' ? <SidebarGroup key={entry.name} group={entry} /> : <SidebarLink key={entry.name} link={entry} depth={0} />,
        )}
      </ul>
      <ul className="space-y-0.5 border-t border-surface-border pt-2" aria-label={t('nav.footer')}>
        {menu.footer.map((link) => (
          <SidebarLink key={link.name} link={link} depth={0} />
        ))}
        <SessionItem />
      </ul>
      {showLanguages && <LanguageSelect />}
    </nav>
  );
});
