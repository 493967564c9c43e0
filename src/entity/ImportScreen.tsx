import { useActorRef } from '@xstate/react';
import { type DragEvent, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { entityActions, type EntityDef, mayImport } from '../../entities/define';
import { entityNamed } from '../../entities/index';
import { connectImportWizard, type ImportWizardProps } from '../../machines/importWizard.connect';
import { importWizardMachine } from '../../machines/importWizard.machine';
import { IMPORT_MODES, OUTCOME_KINDS, type RowOutcome, type RowOutcomeKind } from '../../machines/importWizard.types';
import { leaveGuardMachine } from '../../machines/leaveGuard.machine';
import type { FieldMessage } from '../../machines/entityForm.types';
import { useConfirm } from '../app/services/confirm';
import { useJobStarted } from '../app/services/jobs';
import { useSession, useSessionView } from '../app/services/session';
import { fieldMessage } from '../fields/messages';
import { inputClass } from '../fields/ui';
import { importWizardActors } from '../http/importActors';
import { t as translate, useT } from '../i18n/i18n';
import { errorText } from '../i18n/notices';
import type { ScreenProps } from '../routing/types';
import NotFoundScreen from '../screens/NotFoundScreen';
import { ProgressBar } from '../ui/ProgressBar';
import { useConnect } from '../ui/useConnect';
import { listHref } from './listMemory';
import { LoadFailed, LoadMore } from './LoadStates';
import { buttonClass, EIcon } from './ui';
import { EntityPageHeader } from './EntityPageHeader';

type T = ReturnType<typeof useT>;
const all = (p: ImportWizardProps) => p;
const ACCEPT = '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const STEPS = ['file', 'mapping', 'dryRun', 'run'] as const;

/** `/import/<entity>`: the import wizard of an entity that declares import, for a user who may add or change its rows. */
export default function ImportScreen({ params }: ScreenProps) {
  const entity = entityNamed(params.entity ?? '');
  const user = useSession((s) => s.context.user);
  const siteKind = useSessionView((s) => s.tenant?.kind);
  const can = useMemo(() => (entity ? entityActions(user, entity) : new Set<never>()), [user, entity]);
  if (!entity || !mayImport(entity, siteKind, can)) return <NotFoundScreen />;
  return <Wizard key={entity.name} entity={entity} add={can.has('add')} change={can.has('change')} />;
}

/** A column as a choice: the field's label in the user's language, then the column as files name it (`name.it`). */
function columnText(t: T, entity: EntityDef, column: string): string {
  const field = entity.fields[column.split('.')[0]!];
  return field ? `${t(field.label)} (${column})` : column;
}

function Messages({ list, id }: { list: readonly FieldMessage[]; id?: string }) {
  const t = useT();
  if (list.length === 0) return null;
  return (
    <div id={id} className="text-sm text-danger" role="alert">
      {list.map((m, i) => (
        <p key={i}>{fieldMessage(t, m)}</p>
      ))}
    </div>
  );
}

function Wizard({ entity, add, change }: { entity: EntityDef; add: boolean; change: boolean }) {
  const t = useT();
  const ask = useConfirm();
  const jobStarted = useJobStarted();
  const guard = useActorRef(
    useMemo(
      () =>
        leaveGuardMachine.provide({
          actors: {
            confirm: fromPromise(() =>
              ask({
                title: translate('importWizard.leaveTitle'),
                question: translate('importWizard.leaveQuestion'),
                approveLabel: translate('form.leave'),
                danger: true,
              }),
            ),
          },
        }),
      [ask],
    ),
  );
  const actor = useActorRef(
    useMemo(() => importWizardMachine.provide(importWizardActors(ask, jobStarted)), [ask, jobStarted]),
    { input: { resource: entity.path.replace(/^\//, ''), can: { add, change } } },
  );
  const view = useConnect(actor, connectImportWizard, all);
  useEffect(() => guard.send({ type: 'dirty.change', dirty: view.dirty }), [guard, view.dirty]);
  const current = view.step === 'progress' || view.step === 'result' ? (view.phase === 'dry' ? 'dryRun' : 'run') : view.step === 'mapping' ? 'mapping' : 'file';
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6" data-testid="import-wizard" data-step={view.step} aria-busy={view.busy}>
      <EntityPageHeader entity={entity} title={t('importWizard.title')} backLabel={t('importWizard.back')} />
      <ol className="flex flex-wrap gap-2 text-sm" aria-label={t('importWizard.steps')}>
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={s === current ? 'step' : undefined}
            className={`rounded-full px-3 py-1 ${s === current ? 'bg-brand text-white' : 'bg-surface-overlay text-ink-muted'}`}
          >
            {i + 1}. {t(`importWizard.step.${s}`)}
          </li>
        ))}
      </ol>
      <Messages list={view.generalErrors} />
      {view.step === 'loading' && <span className="block h-24 w-full animate-pulse rounded bg-surface-overlay" />}
      {view.step === 'loadFailed' && view.loadError && (
        <LoadFailed message={t('importWizard.loadFailed', { detail: errorText(view.loadError) })} retry={view.retry} />
      )}
      {view.step === 'file' && <FileStep view={view} />}
      {view.step === 'mapping' && <MappingStep entity={entity} view={view} />}
      {view.step === 'progress' && <ProgressStep view={view} />}
      {view.step === 'result' && <ResultStep entity={entity} view={view} />}
    </div>
  );
}

/** A drop zone around a plain file input: the input is the keyboard's (and screen reader's) way in, the zone the mouse's. */
function FilePicker({ view, label }: { view: ImportWizardProps; label: string }) {
  const t = useT();
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) view.choose(file);
  };
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`flex flex-col items-center gap-3 rounded-md border-2 border-dashed p-6 text-center ${over ? 'border-brand bg-brand/5' : 'border-surface-border'}`}
      data-testid="import-drop"
    >
      <p className="text-sm text-ink-muted">{t('importWizard.drop')}</p>
      <label className="flex flex-col items-center gap-2 text-sm font-medium">
        {label}
        <input
          type="file"
          name="file"
          accept={ACCEPT}
          disabled={view.busy}
          aria-invalid={view.fileErrors.length > 0}
          aria-describedby={view.fileErrors.length > 0 ? 'import-file-errors' : undefined}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) view.choose(file);
            // The same file chosen again (after fixing it on disk) must fire a change too.
            e.currentTarget.value = '';
          }}
          className="text-sm"
          data-testid="import-file"
        />
      </label>
      {view.reading && <p className="text-sm text-ink-muted">{t('importWizard.reading')}</p>}
      <Messages list={view.fileErrors} id="import-file-errors" />
    </div>
  );
}

function FileStep({ view }: { view: ImportWizardProps }) {
  const t = useT();
  return (
    <section className="flex flex-col gap-3" aria-labelledby="import-file-title">
      <h2 id="import-file-title" className="text-lg font-semibold">
        {t('importWizard.fileTitle')}
      </h2>
      <p className="text-sm text-ink-muted">{t('importWizard.fileIntro')}</p>
      <FilePicker view={view} label={t('importWizard.chooseFile')} />
    </section>
  );
}

function MappingStep({ entity, view }: { entity: EntityDef; view: ImportWizardProps }) {
  const t = useT();
  return (
    <form
      className="flex flex-col gap-4"
      aria-labelledby="import-mapping-title"
      onSubmit={(e) => {
        e.preventDefault();
        view.dryRun();
      }}
    >
      <h2 id="import-mapping-title" className="text-lg font-semibold">
        {t('importWizard.mappingTitle')}
      </h2>
      <p className="text-sm text-ink-muted" data-testid="import-file-name">
        {t('importWizard.fileChosen', { name: view.file?.name ?? '' })}
      </p>
      <Messages list={view.fileErrors} />
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-ink-muted">
            <th className="py-1 pr-3 font-medium">{t('importWizard.header')}</th>
            <th className="py-1 font-medium">{t('importWizard.column')}</th>
          </tr>
        </thead>
        <tbody>
          {view.headers.map((h, i) => (
            <tr key={`${i}:${h.header}`} className="border-t border-surface-border align-top" data-testid="import-header" data-header={h.header}>
              <td className="py-2 pr-3 font-mono">{h.header || t('importWizard.noHeader')}</td>
              <td className="py-2">
                <select
                  className={inputClass}
                  value={h.column}
                  aria-label={t('importWizard.columnFor', { header: h.header })}
                  aria-invalid={h.errors.length > 0 || h.twice}
                  onChange={(e) => view.setColumn(h.header, e.target.value)}
                >
                  <option value="">{t('importWizard.leaveOut')}</option>
                  {view.columns.map((c) => (
                    <option key={c} value={c}>
                      {columnText(t, entity, c)}
                    </option>
                  ))}
                </select>
                {h.twice && <p className="text-sm text-danger">{t('importWizard.twice')}</p>}
                <Messages list={h.errors} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">{t('importWizard.mode')}</legend>
        {IMPORT_MODES.filter((m) => view.modes.includes(m)).map((m) => (
          <label key={m} className="flex items-center gap-2 text-sm">
            <input type="radio" name="mode" value={m} checked={view.mode === m} onChange={() => view.setMode(m)} />
            {t(`importWizard.modes.${m}`)}
          </label>
        ))}
        <Messages list={view.optionErrors.mode} />
      </fieldset>
      <label className="flex max-w-sm flex-col gap-1 text-sm">
        <span className="font-medium">{t('importWizard.key')}</span>
        <select
          className={inputClass}
          name="key"
          value={view.key}
          onChange={(e) => view.setKey(e.target.value)}
          aria-invalid={view.optionErrors.key.length > 0}
        >
          {view.keys.map((k) => (
            <option key={k} value={k}>
              {columnText(t, entity, k)}
            </option>
          ))}
        </select>
        <span className="text-ink-muted">{t('importWizard.keyHelp')}</span>
        <Messages list={view.optionErrors.key} />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="all_or_nothing" checked={view.allOrNothing} onChange={(e) => view.setAllOrNothing(e.target.checked)} />
        {t('importWizard.allOrNothing')}
      </label>
      <Messages list={view.optionErrors.allOrNothing} />
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={!view.canDryRun || view.busy} data-testid="import-dry-run">
          {t('importWizard.dryRun')}
        </button>
        <FilePicker view={view} label={t('importWizard.otherFile')} />
      </div>
    </form>
  );
}

function ProgressStep({ view }: { view: ImportWizardProps }) {
  const t = useT();
  const job = view.job;
  if (!job) return null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="import-progress-title" data-testid="import-progress">
      <h2 id="import-progress-title" className="text-lg font-semibold">
        {t(view.phase === 'dry' ? 'importWizard.dryRunning' : 'importWizard.running')}
      </h2>
      <ProgressBar percent={job.percent ?? 0} indeterminate={job.percent === null} label={t('importWizard.progress')} />
      <p className="text-sm" aria-live="polite">
        {t('jobs.rows', { done: job.done, total: job.total })} · {t('jobs.errors', { errors: job.errors })}
      </p>
      {view.pollError && <LoadFailed message={t('importWizard.pollFailed', { detail: errorText(view.pollError) })} retry={view.retry} />}
      <button type="button" className={`${buttonClass.secondary} self-start`} disabled={!view.canCancel} onClick={view.cancel} data-testid="import-cancel">
        {t('importWizard.cancel')}
      </button>
    </section>
  );
}

function RowDetail({ row }: { row: RowOutcome }) {
  const t = useT();
  if (row.outcome === 'updated') return <>{t('importWizard.changed', { fields: row.changes.join(', ') })}</>;
  if (row.outcome === 'error')
    return (
      <ul>
        {row.problems.map((p, i) => (
          <li key={i}>
            <span className="font-mono">{p.field}</span>: {p.message}
          </li>
        ))}
      </ul>
    );
  return null;
}

function ResultStep({ entity, view }: { entity: EntityDef; view: ImportWizardProps }) {
  const t = useT();
  const job = view.job;
  const s = view.summary;
  const dry = view.phase === 'dry';
  return (
    <section className="flex flex-col gap-4" aria-labelledby="import-result-title" data-testid="import-result" data-phase={view.phase}>
      <h2 id="import-result-title" className="text-lg font-semibold">
        {t(dry ? 'importWizard.dryRunResult' : 'importWizard.runResult')}
        {job && job.status !== 'done' && ` — ${t(`jobs.status.${job.status}`)}`}
      </h2>
      {s && (
        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="import-summary">
          {OUTCOME_KINDS.map((k) => (
            <div key={k} className="rounded-md border border-surface-border p-3" data-outcome={k}>
              <dt className="text-sm text-ink-muted">{t(`importWizard.outcome.${k}${dry ? 'Dry' : ''}`)}</dt>
              <dd className="text-2xl font-semibold" data-testid={`import-total-${k}`}>
                {s[k]}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {s && !s.written && <p className="text-sm text-ink-muted">{t(dry ? 'importWizard.nothingWrittenDry' : 'importWizard.nothingWritten')}</p>}
      <div className="flex flex-wrap items-center gap-3">
        {dry && (
          <button type="button" className={buttonClass.primary} disabled={!view.canRun || view.busy} onClick={view.run} data-testid="import-run">
            {t('importWizard.run')}
          </button>
        )}
        {dry && (
          <button type="button" className={buttonClass.secondary} disabled={!view.canGoBack || view.busy} onClick={view.back} data-testid="import-back">
            {t('importWizard.changeMapping')}
          </button>
        )}
        {view.reportUrl && (
          <a href={view.reportUrl} download className={buttonClass.secondary} data-testid="import-report">
            <EIcon name="download" size={16} />
            {t('jobs.downloadReport')}
          </a>
        )}
        {view.finished && (
          <Link href={listHref(entity.path)} className={buttonClass.secondary} data-testid="import-to-list">
            {t('importWizard.toList')}
          </Link>
        )}
      </div>
      <label className="flex max-w-xs flex-col gap-1 text-sm">
        <span className="font-medium">{t('importWizard.filter')}</span>
        <select
          className={inputClass}
          name="outcome"
          value={view.outcome ?? ''}
          onChange={(e) => view.setOutcome(e.target.value === '' ? null : (e.target.value as RowOutcomeKind))}
        >
          <option value="">{t('importWizard.allRows')}</option>
          {OUTCOME_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`importWizard.outcome.${k}${dry ? 'Dry' : ''}`)}
            </option>
          ))}
        </select>
      </label>
      {view.rowsError ? (
        <LoadFailed message={t('importWizard.rowsFailed', { detail: errorText(view.rowsError) })} retry={view.retry} />
      ) : view.loadingRows ? (
        <span className="block h-24 w-full animate-pulse rounded bg-surface-overlay" />
      ) : view.rows.length === 0 ? (
        <p className="rounded-md border border-surface-border p-6 text-center text-ink-faint">{t('importWizard.noRows')}</p>
      ) : (
        <table className="w-full text-sm" data-testid="import-rows">
          <thead>
            <tr className="text-left text-ink-muted">
              <th className="py-1 pr-3 font-medium">{t('importWizard.line')}</th>
              <th className="py-1 pr-3 font-medium">{t('importWizard.outcomeColumn')}</th>
              <th className="py-1 font-medium">{t('importWizard.detail')}</th>
            </tr>
          </thead>
          <tbody>
            {view.rows.map((r) => (
              <tr key={r.line} className="border-t border-surface-border align-top" data-testid="import-row" data-line={r.line} data-outcome={r.outcome}>
                <td className="py-1.5 pr-3 tabular-nums">{r.line}</td>
                <td className={`py-1.5 pr-3 ${r.outcome === 'error' ? 'text-danger' : ''}`}>{t(`importWizard.outcome.${r.outcome}${dry ? 'Dry' : ''}`)}</td>
                <td className="py-1.5">
                  <RowDetail row={r} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMore view={view} testId="import-more" />
    </section>
  );
}
