import { connectUpload } from '../../machines/upload.connect';
import type { UploadQueueProps } from '../../machines/uploadQueue.connect';
import { useT } from '../i18n/i18n';
import { ProgressBar } from '../ui/ProgressBar';
import { Icon } from '../ui/icons';
import { useConnect } from '../ui/useConnect';
import { type UploadQueueRef, useUploadQueueView } from './useMediaManager';

/** Upload error keys the locale files do not hold under `errors`: said in upload's own words. */
const ERROR_KEYS: Record<string, string> = { 'errors.forbidden': 'upload.forbidden', 'errors.network': 'upload.network' };

type Row = UploadQueueProps['items'][number];

/** One file: name, size, its bar, and retry/cancel. Subscribes to its own upload actor only. */
function UploadRow({ row }: { row: Row }) {
  const t = useT();
  const up = useConnect(row.ref, connectUpload, (props) => props);
  const status =
    up.status === 'done'
      ? t(up.processing ? 'upload.processing' : 'upload.done')
      : up.status === 'failed' && !row.waiting
        ? t(ERROR_KEYS[up.error?.key ?? ''] ?? up.error?.key ?? 'upload.network')
        : row.waiting
          ? t('upload.waiting')
          : t('upload.uploading', { percent: up.percent });
  return (
    <li className="flex items-center gap-3 py-2" data-testid="upload-row" data-status={up.status} data-processing={up.processing || undefined}>
      <Icon
        name={up.status === 'done' ? 'check' : up.status === 'failed' ? 'x' : 'upload'}
        className={`shrink-0 ${up.status === 'done' ? 'text-success' : up.status === 'failed' ? 'text-danger' : 'text-ink-muted'}`}
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="truncate" title={up.name}>
            {up.name}
          </span>
          <span className="shrink-0 text-xs text-ink-muted">{up.size}</span>
        </div>
        <ProgressBar
          percent={up.percent}
          indeterminate={up.indeterminate}
          label={t('upload.progress', { name: up.name })}
          tone={up.status === 'done' ? 'success' : up.status === 'failed' ? 'danger' : 'brand'}
        />
        <p className={`mt-0.5 text-xs ${up.status === 'failed' && !row.waiting ? 'text-danger' : 'text-ink-muted'}`} aria-live="polite">
          {status}
        </p>
      </div>
      {up.canRetry && !row.waiting && (
        <button type="button" onClick={row.retry} className="rounded-md px-2 py-1 text-sm text-brand-ink hover:bg-surface-overlay">
          {t('upload.retry')}
          <span className="sr-only"> {up.name}</span>
        </button>
      )}
      {up.canCancel && (
        <button
          type="button"
          onClick={row.cancel}
          className="rounded-md p-1.5 text-ink-muted hover:bg-surface-overlay hover:text-ink"
          aria-label={t('upload.cancelFile', { name: up.name })}
        >
          <Icon name="x" width={16} height={16} />
        </button>
      )}
    </li>
  );
}

/**
 * The queue's files with their progress; `kind` shows only new files or only replacements,
 * `target` only the replacements of one media; `unfinished` leaves out the files that are up.
 */
export function UploadList({
  queue,
  kind,
  target,
  unfinished = false,
  compact = false,
}: {
  queue: UploadQueueRef;
  kind?: 'create' | 'replace';
  target?: number;
  unfinished?: boolean;
  compact?: boolean;
}) {
  const t = useT();
  const view = useUploadQueueView(queue, (p) => ({
    rows: p.items.filter((i) => (!kind || i.kind === kind) && (target === undefined || i.target === target) && (!unfinished || !i.done)),
    canClearFinished: p.canClearFinished,
    canCancelAll: p.canCancelAll,
    clearFinished: p.clearFinished,
    cancelAll: p.cancelAll,
  }));
  if (!view.rows.length) return null;
  return (
    <section aria-label={t('upload.title')} className="rounded-lg border border-surface-border bg-surface-raised px-4 py-2" data-testid="upload-list">
      {!compact && (
        <div className="flex items-center gap-2 border-b border-surface-border pb-2">
          <h2 className="flex-1 text-sm font-semibold">{t('upload.title')}</h2>
          {view.canCancelAll && (
            <button type="button" onClick={view.cancelAll} className="rounded-md px-2 py-1 text-sm text-ink-muted hover:bg-surface-overlay hover:text-ink">
              {t('upload.cancelAll')}
            </button>
          )}
          {view.canClearFinished && (
            <button type="button" onClick={view.clearFinished} className="rounded-md px-2 py-1 text-sm text-ink-muted hover:bg-surface-overlay hover:text-ink">
              {t('upload.clearFinished')}
            </button>
          )}
        </div>
      )}
      {/* A long upload scrolls in its own box: the grid below stays in view. */}
      <ul className="max-h-64 divide-y divide-surface-border overflow-y-auto" data-testid="upload-rows">
        {view.rows.map((row) => (
          <UploadRow key={row.id} row={row} />
        ))}
      </ul>
    </section>
  );
}
