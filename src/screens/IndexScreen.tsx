import { Link } from 'wouter';
import { useSessionView } from '../app/services/session';
import { useT } from '../i18n/i18n';
import { resolveRoute } from '../routing/resolve';
import { useRouteTable } from '../routing/routeTable';
import { Icon } from '../ui/icons';

export default function IndexScreen() {
  const t = useT();
  const routes = useRouteTable();
  const user = useSessionView((s) => s.user);
  const dealerBackoffice = useSessionView((s) => s.dealerBackoffice);
  if (!user) return null;
  const viewer = { loggedIn: true, user, dealerBackoffice };
  const sections = routes.filter((r) => !r.hidden && r.screen && resolveRoute(routes, r.path, '', viewer).kind === 'ok');
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
  return (
    <div className="mx-auto max-w-4xl p-8">
      <h1 className="text-2xl font-semibold">{t('index.welcome', { name })}</h1>
      <p className="mt-1 text-ink-muted" data-testid="signed-in-as">
        {t('index.signedInAs', { name: user.username, role: t(`roles.${user.user_role}`) })}
      </p>
      <p className="mt-6 text-ink-muted">{sections.length ? t('index.intro') : t('index.nothing')}</p>
      <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {sections.map((r) => (
          <li key={r.name}>
            <Link href={r.path} className="flex items-center gap-3 rounded-lg border border-surface-border bg-surface-raised p-4 hover:border-brand-ink">
              {r.icon && <Icon name={r.icon} />}
              {t(r.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
