import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useActorRef } from '@xstate/react';
import { useId, useMemo } from 'react';
import { connectSiteKeys, type SiteKeysProps } from '../../machines/siteKeys.connect';
import { KEY_NAME_MAX, siteKeysMachine, type SiteKeyRow } from '../../machines/siteKeys.machine';
import { useConfirm } from '../app/services/confirm';
import { inputClass } from '../fields/ui';
import { siteKeysImplementations } from '../http/siteKeysActors';
import { formatDate } from '../i18n/dates';
import { useT } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import { useConnect } from '../ui/useConnect';
import { buttonClass, EIcon } from './ui';
import { LoadFailed } from './LoadStates';

const all = (p: SiteKeysProps) => p;
const when = (iso: string) => formatDate(new Date(iso), 'dateTime');

/**
 * "Website API keys" of a dealer site (issue 15), under its form's Website API tab once the
 * site exists: the keys, a new key shown once, a key revoked after a confirm. Rendered from
 * machines/siteKeys.machine.ts; its requests are src/http/siteKeysActors.ts.
 */
export default function SiteKeysPanel({ rowId: tenant }: { rowId: number }) {
  const t = useT();
  const ask = useConfirm();
  const actor = useActorRef(
    useMemo(() => siteKeysMachine.provide(siteKeysImplementations(ask)), [ask]),
    { input: { tenant } },
  );
  const view = useConnect(actor, connectSiteKeys, all);
  const titleId = useId();
  return (
    <section
      className="rounded-lg border border-surface-border bg-surface-raised p-4"
      aria-labelledby={titleId}
      aria-busy={view.refreshing}
      data-testid="site-keys"
    >
      <div className="mb-3 flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-sm font-semibold uppercase tracking-wide text-ink-muted">
            {t('siteKeys.title')}
          </h2>
          <p className="mt-1 text-sm text-ink-muted">{t('siteKeys.intro')}</p>
        </div>
        <button type="button" className={buttonClass.secondary} onClick={view.newKey} disabled={!view.canAct} data-testid="site-keys-new">
          <EIcon name="plus" />
          {t('siteKeys.newKey')}
        </button>
      </div>
      <KeyList view={view} />
      <NameDialog view={view} />
      <MadeDialog view={view} />
    </section>
  );
}

function KeyList({ view }: { view: SiteKeysProps }) {
  const t = useT();
  if (view.loadError) {
    return <LoadFailed message={t('siteKeys.loadFailed', { detail: errorText(view.loadError) })} retry={view.retry} testId="site-keys-error" />;
  }
  if (view.loading) {
    return (
      <div className="flex flex-col gap-2" data-testid="site-keys-loading">
        {[0, 1].map((i) => (
          <span key={i} className="h-8 w-full animate-pulse rounded bg-surface-overlay" />
        ))}
      </div>
    );
  }
  if (!view.keys.length) {
    return (
      <p className="text-sm text-ink-faint" data-testid="site-keys-empty">
        {t('siteKeys.empty')}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="site-keys-list">
        <thead className="text-xs uppercase tracking-wide text-ink-muted">
          <tr>
            <th className="px-2 py-2">{t('siteKeys.name')}</th>
            <th className="px-2 py-2">{t('siteKeys.prefix')}</th>
            <th className="px-2 py-2">{t('siteKeys.made')}</th>
            <th className="px-2 py-2">{t('siteKeys.lastUsed')}</th>
            <th className="px-2 py-2">{t('siteKeys.status')}</th>
            <th className="px-2 py-2">
              <span className="sr-only">{t('siteKeys.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {view.keys.map((key) => (
            <KeyRow key={key.id} item={key} view={view} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function KeyRow({ item, view }: { item: SiteKeyRow; view: SiteKeysProps }) {
  const t = useT();
  return (
    <tr className="border-t border-surface-border" data-testid="site-key" data-key-id={item.id} data-revoked={item.revoked_at !== null}>
      <td className="px-2 py-2 font-medium">{item.name}</td>
      <td className="px-2 py-2 font-mono text-xs" data-testid="site-key-prefix">
        {item.prefix}…
      </td>
      <td className="px-2 py-2 text-ink-muted">
        {when(item.created_at)}
        {item.created_by && <span className="block text-xs text-ink-faint">{t('siteKeys.madeBy', { name: item.created_by })}</span>}
      </td>
      <td className="px-2 py-2 text-ink-muted">{item.last_used_at ? when(item.last_used_at) : t('siteKeys.never')}</td>
      <td className="px-2 py-2">
        {item.revoked_at ? (
          <span className="text-danger" data-testid="site-key-status">
            {t('siteKeys.revoked')} <span className="block text-xs text-ink-faint">{when(item.revoked_at)}</span>
          </span>
        ) : (
          <span className="text-emerald-400" data-testid="site-key-status">
            {t('siteKeys.active')}
          </span>
        )}
      </td>
      <td className="px-2 py-2 text-right">
        {!item.revoked_at && (
          <button
            type="button"
            className={buttonClass.ghost}
            onClick={() => view.revoke(item.id)}
            disabled={!view.canAct}
            aria-label={t('siteKeys.revokeNamed', { name: item.name })}
          >
            <EIcon name="trash" size={16} />
            {t('siteKeys.revoke')}
          </button>
        )}
      </td>
    </tr>
  );
}

function NameDialog({ view }: { view: SiteKeysProps }) {
  const t = useT();
  const naming = view.naming;
  const inputId = useId();
  const problemId = useId();
  const problem =
    naming?.problem === 'required' ? t('validation.required') : naming?.problem === 'maxLength' ? t('validation.maxLength', { count: KEY_NAME_MAX }) : null;
  return (
    <Dialog open={naming !== null} onClose={() => !naming?.busy && view.cancelName()} className="relative z-50">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded-xl border border-surface-border bg-surface-raised p-6 shadow-2xl" data-testid="site-key-name-dialog">
          <DialogTitle className="text-lg font-semibold">{t('siteKeys.newTitle')}</DialogTitle>
          <form
            className="mt-4 flex flex-col gap-3"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              // The dialog sits inside the site's form in React's tree: its submit must not save the site.
              e.stopPropagation();
              view.submitName();
            }}
          >
            <label htmlFor={inputId} className="text-sm font-medium">
              {t('siteKeys.name')}
            </label>
            <input
              id={inputId}
              className={inputClass}
              value={naming?.name ?? ''}
              onChange={(e) => view.setName(e.target.value)}
              aria-invalid={problem !== null}
              aria-describedby={problemId}
              disabled={naming?.busy}
              autoFocus
              data-testid="site-key-name"
            />
            <p id={problemId} className={problem ? 'text-xs text-danger' : 'text-xs text-ink-faint'} role={problem ? 'alert' : undefined}>
              {problem ?? t('siteKeys.nameHelp')}
            </p>
            {naming?.makeError && (
              <p className="rounded-md border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger" role="alert">
                {t('siteKeys.makeFailed', { detail: errorText(naming.makeError) })}
              </p>
            )}
            <div className="mt-2 flex justify-end gap-2">
              <button type="button" className={buttonClass.secondary} onClick={view.cancelName} disabled={naming?.busy}>
                {t('confirm.cancel')}
              </button>
              <button type="submit" className={buttonClass.primary} disabled={naming?.busy} aria-busy={naming?.busy} data-testid="site-key-create">
                {t('siteKeys.create')}
              </button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

function MadeDialog({ view }: { view: SiteKeysProps }) {
  const t = useT();
  const made = view.made;
  const keyId = useId();
  const copied = made?.copied === 'yes' ? t('siteKeys.copied') : made?.copied === 'failed' ? t('siteKeys.copyFailed') : '';
  return (
    <Dialog open={made !== null} onClose={view.closeMade} className="relative z-50">
      <div className="fixed inset-0 bg-black/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-lg rounded-xl border border-surface-border bg-surface-raised p-6 shadow-2xl" data-testid="site-key-made-dialog">
          <DialogTitle className="text-lg font-semibold">{t('siteKeys.shownOnceTitle', { name: made?.name ?? '' })}</DialogTitle>
          <p className="mt-3 flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-200" role="alert">
            <EIcon name="alert" className="mt-0.5 shrink-0" />
            {t('siteKeys.shownOnceWarning')}
          </p>
          <label htmlFor={keyId} className="mt-4 block text-sm font-medium">
            {t('siteKeys.key')}
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id={keyId}
              className={`${inputClass} font-mono text-xs`}
              value={made?.key ?? ''}
              readOnly
              onFocus={(e) => e.target.select()}
              data-testid="site-key-value"
            />
            <button type="button" className={buttonClass.secondary} onClick={view.copy} disabled={made?.copying} data-testid="site-key-copy">
              {t('siteKeys.copy')}
            </button>
          </div>
          <p className="mt-2 min-h-5 text-xs text-ink-muted" aria-live="polite" data-testid="site-key-copied">
            {copied}
          </p>
          <div className="mt-4 flex justify-end">
            <button type="button" className={buttonClass.primary} onClick={view.closeMade} data-testid="site-key-done">
              {t('siteKeys.done')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
