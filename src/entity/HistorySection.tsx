import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../i18n/i18n';
import { Spinner } from '../ui/Spinner';
import { keepsHistory } from './keepsHistory';
import { buttonClass, EIcon } from './ui';
import type { HistorySectionProps } from './HistoryPanel';

// Its machine, diff and table load when the history is first opened, not with every form.
const HistoryPanel = lazy(() => import('./HistoryPanel'));

/** `?revision=<id>`: an activity line links to a row's revision; the history opens on it. */
const linkedRevision = (search: string) => {
  const raw = new URLSearchParams(search).get('revision');
  return raw && /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
};

/**
 * The History of a row under its form's header (issue 16): a disclosure that opens the
 * revisions, their diff and the restore (HistoryPanel). Opened at once when the URL names a
 * revision, which is then dropped from the URL so that reloading the form does not reopen it.
 */
export function HistorySection(props: HistorySectionProps) {
  const t = useT();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [revision] = useState(() => linkedRevision(search));
  useEffect(() => {
    if (revision !== null) navigate(location, { replace: true });
    // Once, for the revision the form was opened on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!keepsHistory(props.entity)) return null;
  return (
    <Disclosure as="section" defaultOpen={revision !== null} className="rounded-lg border border-surface-border bg-surface-raised" data-testid="history">
      <DisclosureButton className={`${buttonClass.ghost} w-full justify-start px-3 py-2`} data-testid="history-toggle">
        {({ open }) => (
          <>
            <EIcon name={open ? 'down' : 'right'} size={16} />
            <span className="font-medium text-ink">{t('history.title')}</span>
          </>
        )}
      </DisclosureButton>
      <DisclosurePanel className="border-t border-surface-border p-3">
        <Suspense fallback={<Spinner />}>
          <HistoryPanel {...props} revision={revision} />
        </Suspense>
      </DisclosurePanel>
    </Disclosure>
  );
}
