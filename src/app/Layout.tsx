import { Dialog, DialogBackdrop, DialogPanel, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useT } from '../i18n/i18n';
import { Icon } from '../ui/icons';
import { JobsPanel } from './JobsPanel';
import { MAIN_ID, Main } from './Main';
import { useSessionView } from './services/session';
import { useSidebar } from './services/sidebar';
import { Sidebar } from './Sidebar';

/**
 * The display modes of the sidebar as two checkboxes in a popover: they stay open while
 * both are set, and a checkbox says checked or not by itself (a menu item cannot: WCAG 4.1.2).
 */
function DisplayMenu() {
  const t = useT();
  const { options, toggleClipped, toggleMinivariant } = useSidebar(({ options, toggleClipped, toggleMinivariant }) => ({
    options,
    toggleClipped,
    toggleMinivariant,
  }));
  const option = (label: string, checked: boolean, toggle: () => void) => (
    <label className="flex w-full cursor-pointer items-center gap-2 rounded px-3 py-2 text-left text-sm hover:bg-surface-overlay">
      <input type="checkbox" checked={checked} onChange={toggle} className="h-4 w-4 accent-brand" />
      {label}
    </label>
  );
  return (
    // In place, not anchored in a portal: the panel follows its button in the Tab order without Headless UI's hidden focus sentinels.
    <Popover className="relative">
      <PopoverButton className="rounded-md px-2 py-1.5 text-sm text-ink-muted hover:bg-surface-overlay">{t('layout.display')}</PopoverButton>
      <PopoverPanel
        className="absolute right-0 top-full z-40 mt-1 w-56 rounded-md border border-surface-border bg-surface-raised p-1 shadow-xl"
        data-testid="display-options"
      >
        <fieldset>
          <legend className="sr-only">{t('layout.display')}</legend>
          {option(t('layout.clipped'), options.clipped, toggleClipped)}
          {option(t('layout.mini'), options.minivariant, toggleMinivariant)}
        </fieldset>
      </PopoverPanel>
    </Popover>
  );
}

/** The first stop of the Tab key: past the sidebar and the header, into the page (WCAG 2.4.1). */
function SkipLink() {
  const t = useT();
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        // Focus without a `#main` in the address, which the router would keep in the URL.
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded-md focus:bg-brand focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-white"
    >
      {t('layout.skipToContent')}
    </a>
  );
}

function Header() {
  const t = useT();
  const toggleDrawer = useSidebar((s) => s.toggleDrawer);
  const username = useSessionView((s) => s.username);
  const siteName = useSessionView((s) => s.siteName);
  const dealer = useSessionView((s) => s.dealerBackoffice);
  return (
    <header className="flex h-14 shrink-0 items-center gap-3 border-b border-surface-border bg-surface-raised px-3">
      <button
        type="button"
        aria-label={t('layout.toggleNavigation')}
        onClick={toggleDrawer}
        className="rounded-md p-2 hover:bg-surface-overlay"
        data-testid="drawer-toggle"
      >
        <Icon name="menu" />
      </button>
      <Link href="/" className="font-semibold">
        {t('app.name')}
      </Link>
      <span className="hidden rounded bg-surface-overlay px-2 py-0.5 text-xs text-ink-muted sm:inline" data-testid="backoffice-kind">
        {siteName} · {dealer ? t('app.dealerBackoffice') : t('app.masterBackoffice')}
      </span>
      <span className="ml-auto text-sm text-ink-muted" data-testid="username">
        {username}
      </span>
      <JobsPanel />
      <DisplayMenu />
    </header>
  );
}

/**
 * docs/spec.md §2 display modes: drawer (sidebar shown or not), clipped (sidebar under the
 * header instead of beside it), mini-variant (icons only); narrow screens overlay it.
 */
export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const { mode, overlayOpen, clippedLayout, toggleDrawer } = useSidebar(({ mode, overlayOpen, clippedLayout, toggleDrawer }) => ({
    mode,
    overlayOpen,
    clippedLayout,
    toggleDrawer,
  }));
  const aside =
    mode === 'overlay' ? (
      <Dialog open={overlayOpen} onClose={toggleDrawer} className="relative z-40">
        <DialogBackdrop className="fixed inset-0 bg-black/50" />
        <DialogPanel
          as="aside"
          className="fixed inset-y-0 left-0 w-64 border-r border-surface-border bg-surface-raised"
          data-mode="overlay"
          aria-label={t('nav.label')}
        >
          <Sidebar />
        </DialogPanel>
      </Dialog>
    ) : (
      mode !== 'hidden' && (
        <aside
          className={`${mode === 'mini' ? 'w-16' : 'w-64'} shrink-0 border-r border-surface-border bg-surface-raised transition-[width]`}
          data-mode={mode}
          aria-label={t('nav.label')}
        >
          <Sidebar />
        </aside>
      )
    );
  if (clippedLayout) {
    return (
      <div className="flex h-full flex-col" data-layout="clipped">
        <SkipLink />
        <Header />
        <div className="flex min-h-0 flex-1">
          {aside}
          <Main className="min-w-0 flex-1 overflow-y-auto">{children}</Main>
        </div>
      </div>
    );
  }
  return (
    <div className="flex h-full" data-layout="full">
      <SkipLink />
      {aside}
      <div className="flex min-w-0 flex-1 flex-col">
        <Header />
        <Main className="min-h-0 flex-1 overflow-y-auto">{children}</Main>
      </div>
    </div>
  );
}
