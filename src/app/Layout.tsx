import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { isDealerBackoffice } from '../../machines/session.helpers';
import { useT } from '../i18n/i18n';
import { Icon } from '../ui/icons';
import { useSession, useSessionActor } from './SessionContext';

export function Layout({ children }: { children: ReactNode }) {
  const t = useT();
  const session = useSessionActor();
  const username = useSession((s) => s.context.user?.username);
  const siteName = useSession((s) => s.context.tenant?.name);
  const dealer = useSession((s) => isDealerBackoffice(s.context.tenantKind));
  const leaving = useSession((s) => s.matches('loggingOut'));
  return (
    <div className="flex min-h-full flex-col">
      <header className="flex h-14 items-center gap-4 border-b border-surface-border bg-surface-raised px-4">
        <Link href="/" className="font-semibold">
          {t('app.name')}
        </Link>
        <span className="rounded bg-surface-overlay px-2 py-0.5 text-xs text-ink-muted" data-testid="backoffice-kind">
          {siteName} · {dealer ? t('app.dealerBackoffice') : t('app.masterBackoffice')}
        </span>
        <span className="ml-auto text-sm text-ink-muted" data-testid="username">
          {username}
        </span>
        <button
          type="button"
          onClick={() => session.send({ type: 'logout' })}
          disabled={leaving}
          className="flex items-center gap-2 rounded-md px-3 py-1.5 text-sm hover:bg-surface-overlay disabled:opacity-60"
        >
          <Icon name="logout" width={16} height={16} />
          {t('nav.logout')}
        </button>
      </header>
      <main className="flex-1">{children}</main>
    </div>
  );
}
