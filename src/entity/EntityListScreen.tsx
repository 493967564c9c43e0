import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import { entityActions, type EntityDef, mayImport } from '../../entities/define';
import { DECLARED } from '../../entities/index';
import { can as holds } from '../../entities/permissions';
import { connectEntityList, type EntityListProps } from '../../machines/entityList.connect';
import { entityListMachine } from '../../machines/entityList.machine';
import { useConfirm } from '../app/services/confirm';
import { useJobsEnded, useJobStarted } from '../app/services/jobs';
import { useSession, useSessionView } from '../app/services/session';
import { entityListActors, notify } from '../http/entityActors';
import { useT } from '../i18n/i18n';
import { ScheduleBadges } from './ScheduleBadges';
import { errorText } from '../i18n/notices';
import { inputBase } from '../fields/ui';
import { labelText } from '../fields/label';
import { useIntlLocale } from '../fields/locale';
import { BulkEditDialog } from './BulkEditDialog';
import { bulkFields, opsFor } from './bulkEditFields';
import { Cell, columnLabel } from './cells';
import { ExportMenu } from './ExportMenu';
import { keepsHistory } from './keepsHistory';
import { ListFilter } from './ListFilters';
import { rememberListQuery } from './listMemory';
import { writeUrlQuery } from '../routing/urlQuery';
import { buttonClass, EIcon } from './ui';

/**
 * Writes the list's query into the address bar, where the machine says (a new entry or the
 * same one); a change of the search text alone replaces the entry, so typing does not fill
 * the history.
 */
function writeUrl(path: string, search: string, replace: boolean) {
  rememberListQuery(path, search);
  writeUrlQuery(search, { replace, quiet: ['search'] });
}

/** Opens the bulk edit dialog on the ticked rows, or on every row the list matches when none is ticked (the dialog can switch). */
function BulkEditButton({ entity, list }: { entity: EntityDef; list: EntityListProps }) {
  const t = useT();
  const [first] = bulkFields(entity);
  if (!first) return null;
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      disabled={!list.bulkEdit.canOpen}
      onClick={() => list.bulkEdit.open(list.selection.count > 0 ? 'selected' : 'list', first[0], opsFor(first[1])[0]!)}
      data-testid="list-bulk-edit"
    >
      <EIcon name="edit" size={16} />
      {t('list.bulkEdit')}
    </button>
  );
}

function Toolbar({
  entity,
  list,
  canAdd,
  canBulkEdit,
  canImport,
}: {
  entity: EntityDef;
  list: EntityListProps;
  canAdd: boolean;
  canBulkEdit: boolean;
  canImport: boolean;
}) {
  const t = useT();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {entity.list.search.length > 0 && (
        <label className="relative block w-64">
          <span className="sr-only">{t('list.search')}</span>
          <EIcon name="search" size={16} className="pointer-events-none absolute left-2.5 top-1/2 -translate-y-1/2 text-ink-faint" />
          <input
            type="search"
            name="search"
            value={list.search.value}
            placeholder={t('list.search')}
            onChange={(e) => list.search.change(e.target.value)}
            onKeyDown={(e) => e.key === 'Enter' && list.search.commit()}
            className={`${inputBase} w-full py-2 pl-8`}
            aria-busy={list.search.pending}
          />
        </label>
      )}
      {entity.list.filters.map((f) => (
        <ListFilter key={f.field} entity={entity} filter={f} value={list.filters.values[f.field]} set={(v) => list.filters.set(f.field, v)} />
      ))}
      {(list.filters.active > 0 || list.search.value) && (
        <button type="button" className={buttonClass.ghost} onClick={list.filters.clear}>
          {t('list.clearFilters')}
        </button>
      )}
      <span className="ml-auto" />
      {keepsHistory(entity) && (
        <Link href={`/bin/${entity.name}`} className={buttonClass.ghost} data-testid="list-bin">
          <EIcon name="trash" size={16} />
          {t('bin.link')}
        </Link>
      )}
      {/* With rows ticked, the bulk bar below holds it. */}
      {canBulkEdit && list.selection.count === 0 && <BulkEditButton entity={entity} list={list} />}
      {canImport && (
        <Link href={`/import/${entity.name}`} className={buttonClass.secondary} data-testid="list-import">
          <EIcon name="upload" size={16} />
          {t('list.import')}
        </Link>
      )}
      {entity.exportable && <ExportMenu list={list} />}
      {canAdd && (
        <Link href={`${entity.path}/new`} className={buttonClass.primary} data-testid="list-new">
          <EIcon name="plus" size={16} />
          {t('list.new')}
        </Link>
      )}
    </div>
  );
}

function Pager({ list }: { list: EntityListProps }) {
  const t = useT();
  const p = list.pagination;
  const first = p.count === 0 ? 0 : (p.page - 1) * p.pageSize + 1;
  const last = Math.min(p.count, p.page * p.pageSize);
  return (
    <nav className="flex flex-wrap items-center justify-end gap-3 text-sm text-ink-muted" aria-label={t('list.pagination')}>
      <label className="flex items-center gap-2 whitespace-nowrap">
        {t('list.pageSize')}
        <select
          name="items"
          value={p.pageSize}
          onChange={(e) => p.setPageSize(Number(e.target.value))}
          className="rounded-md border border-surface-border bg-surface px-2 py-1 text-sm text-ink"
        >
          {p.pageSizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <span data-testid="list-range" className="whitespace-nowrap">
        {t(p.countExact ? 'list.range' : 'list.rangeAtLeast', { first, last, count: p.count })}
      </span>
      <button type="button" className={buttonClass.ghost} onClick={p.previous} disabled={!p.hasPrevious || !list.interactive} aria-label={t('list.previous')}>
        <EIcon name="left" />
      </button>
      <span data-testid="list-page">{t('list.page', { page: p.page, pages: p.pages })}</span>
      <button type="button" className={buttonClass.ghost} onClick={p.next} disabled={!p.hasNext || !list.interactive} aria-label={t('list.next')}>
        <EIcon name="right" />
      </button>
    </nav>
  );
}

/** Entities that offer "new …" from a row of this one (`addFrom`), and that the user may add. */
function useAdders(entity: EntityDef) {
  const user = useSession((s) => s.context.user);
  return useMemo(() => DECLARED.filter((e) => e.addFrom?.entity === entity.name && holds(user, 'add', e.model)), [entity.name, user]);
}

/**
 * The row actions stay in view at every width (issue 18): a table wider than its box
 * scrolls inside it under this column. Its background is opaque (a cell's own, or its
 * row's through `bg-inherit`), so the columns sliding beneath it do not show through.
 */
const STICKY_ACTIONS = 'sticky right-0 w-px whitespace-nowrap border-l border-surface-border px-2 py-2';

function Table({
  entity,
  list,
  canSelect,
  canDelete,
  locale,
}: {
  entity: EntityDef;
  list: EntityListProps;
  canSelect: boolean;
  canDelete: boolean;
  locale: string;
}) {
  const adders = useAdders(entity);
  const t = useT();
  const columns = entity.list.columns;
  const sortable = new Set<string>([...entity.list.sortable, 'id']);
  // A url title is a link of its own (to the page it names); the row's open button leads to the detail.
  const titleColumn = columns.includes(entity.titleField) ? entity.titleField : (columns.find((c) => entity.fields[c]?.type === 'text') ?? columns[0]);
  const skeleton = list.loading && list.rows.length === 0;
  return (
    // `relative`: the screen-reader-only texts inside stay inside this scroll box instead of widening the page.
    <div className="relative overflow-x-auto rounded-lg border border-surface-border" data-testid="entity-table-box">
      {/* Wider screens wrap the cells to fit; a phone keeps each on one line and scrolls this box instead. */}
      {/* data-query: the query whose rows are shown, once they are (tests wait on it rather than on the URL, which changes first). */}
      <table
        className="w-full text-left text-sm max-sm:min-w-max"
        aria-busy={list.loading}
        data-query={list.status === 'ready' ? list.queryString : undefined}
        data-testid="entity-table"
      >
        <thead className="bg-surface-raised text-xs uppercase tracking-wide text-ink-muted">
          <tr>
            {canSelect && (
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  aria-label={t('list.selectPage')}
                  checked={list.selection.allOnPage}
                  ref={(el) => {
                    if (el) el.indeterminate = list.selection.someOnPage;
                  }}
                  onChange={list.selection.togglePage}
                  disabled={!list.interactive || list.rows.length === 0}
                />
              </th>
            )}
            {columns.map((c) => {
              const col = list.getColumnProps(c);
              const label = labelText(t, columnLabel(entity, c));
              return (
                <th key={c} scope="col" aria-sort={sortable.has(c) ? col.ariaSort : undefined} className="px-3 py-2 font-medium">
                  {sortable.has(c) ? (
                    <button type="button" onClick={col.toggleSort} className="inline-flex items-center gap-1 uppercase hover:text-ink" data-sort={c}>
                      {label}
                      <EIcon
                        name={col.sort === 'asc' ? 'up' : col.sort === 'desc' ? 'down' : 'sort'}
                        size={14}
                        className={col.sort ? 'text-brand-ink' : 'text-ink-faint'}
                      />
                      {col.rank !== null && col.rank > 1 && (
                        // A badge apart from the label, named as what it is: not "Prezzo2".
                        <span
                          className="ml-0.5 rounded-full bg-surface-overlay px-1.5 text-[10px] normal-case text-ink-muted"
                          role="img"
                          aria-label={t('list.sortRank', { rank: col.rank })}
                          title={t('list.sortRank', { rank: col.rank })}
                        >
                          {col.rank}
                        </span>
                      )}
                    </button>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
            <th scope="col" className={`${STICKY_ACTIONS} bg-surface-raised`}>
              <span className="sr-only">{t('list.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody className={list.loading && !skeleton ? 'opacity-60' : ''}>
          {skeleton &&
            Array.from({ length: Math.min(list.pagination.pageSize, 10) }, (_, i) => (
              <tr key={i} className="border-t border-surface-border bg-surface" data-testid="skeleton-row">
                {canSelect && <td className="px-3 py-3" />}
                {columns.map((c) => (
                  <td key={c} className="px-3 py-3">
                    <span className="block h-3 w-24 animate-pulse rounded bg-surface-overlay" />
                  </td>
                ))}
                <td className={`${STICKY_ACTIONS} bg-inherit`} />
              </tr>
            ))}
          {list.rows.map((r) => (
            <tr
              key={r.id}
              className={`border-t border-surface-border ${r.selected ? 'bg-surface-selected' : 'bg-surface hover:bg-surface-raised'}`}
              data-row-id={r.id}
            >
              {canSelect && (
                <td className="px-3 py-2">
                  <input type="checkbox" aria-label={t('list.selectRow', { id: r.id })} checked={r.selected} onChange={r.toggle} disabled={!list.interactive} />
                </td>
              )}
              {columns.map((c) => (
                <td key={c} className={`max-w-xs px-3 py-2 ${c === titleColumn ? 'sm:min-w-48' : ''}`}>
                  {c === titleColumn && entity.fields[c]?.type !== 'url' ? (
                    <>
                      <Link href={`${entity.path}/${r.id}`} className="font-medium text-ink hover:text-brand-ink hover:underline">
                        <Cell entity={entity} column={c} row={r.row} locale={locale} />
                      </Link>
                      {/* A draft saved beside the live row (issue 16): the website still shows the live one. */}
                      {r.row.has_draft === true && (
                        <span className="ml-2 rounded-full bg-sky-500/15 px-2 py-0.5 text-xs text-sky-300" data-testid="row-pending">
                          {t('form.pendingBadge')}
                        </span>
                      )}
                      <ScheduleBadges schedule={r.row.schedule} />
                    </>
                  ) : (
                    <Cell entity={entity} column={c} row={r.row} locale={locale} />
                  )}
                </td>
              ))}
              <td className={`${STICKY_ACTIONS} bg-inherit text-right`} data-testid="row-actions">
                {adders.map((e) => (
                  <Link key={e.name} href={`${e.path}/new?${e.addFrom!.field}=${r.id}`} className={buttonClass.ghost} data-testid={`row-add-${e.name}`}>
                    <EIcon name="plus" size={16} />
                    {/* Icon only on a phone, where the sticky column must stay narrow. */}
                    <span className="max-sm:sr-only">{t(e.addFrom!.label)}</span>
                  </Link>
                ))}
                <Link href={`${entity.path}/${r.id}`} className={buttonClass.ghost} aria-label={t('list.edit', { id: r.id })}>
                  <EIcon name="edit" size={16} />
                </Link>
                {canDelete && (
                  <button
                    type="button"
                    className={`${buttonClass.ghost} hover:text-danger`}
                    onClick={r.remove}
                    disabled={!list.interactive}
                    aria-label={t('list.deleteRow', { id: r.id })}
                  >
                    <EIcon name="trash" size={16} />
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The list screen of any declared entity (issue 5): columns, sorting, paging, debounced
 * search and filters from the declaration, all mirrored in the URL; row and bulk delete
 * behind the confirm dialog. The entity list machine holds every bit of that state.
 */
export default function EntityListScreen({ entity }: { entity: EntityDef }) {
  const t = useT();
  const ask = useConfirm();
  const locale = useIntlLocale();
  const user = useSession((s) => s.context.user);
  const siteKind = useSessionView((s) => s.tenant?.kind);
  const can = useMemo(() => entityActions(user, entity), [user, entity]);
  const search = useSearch();
  const jobStarted = useJobStarted();
  const machine = useMemo(
    () =>
      entityListMachine.provide({
        actors: entityListActors(ask, entity),
        actions: {
          writeUrl: (_, { search: q, replace }) => writeUrl(entity.path, q, replace),
          notify: (_, notice) => void notify(notice),
          jobStarted: (_, { job }) => jobStarted(job),
        },
      }),
    [ask, entity, jobStarted],
  );
  const actor = useActorRef(machine, {
    input: {
      resource: entity.path.replace(/^\//, ''),
      search: window.location.search,
      defaults: { sort: entity.list.sort.split(',').filter(Boolean) },
      fields: { sortFields: [...entity.list.sortable, 'id'], filterFields: entity.list.filters.map((f) => f.field) },
    },
  });
  // Back/forward or a link changed the query: the machine decides whether that is a new query.
  useEffect(() => actor.send({ type: 'query.sync', search }), [actor, search]);
  const snapshot = useSelector(actor, (s) => s);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- XState binds Actor#send in its constructor
  const list = connectEntityList(snapshot, actor.send);
  const canDelete = can.has('delete');
  const canBulkEdit = can.has('change') && bulkFields(entity).length > 0;
  const canSelect = canDelete || canBulkEdit;
  // A bulk edit changes rows after its dialog has closed: once a job ends, the list shows what it did.
  const onJobsEnded = useCallback(() => actor.send({ type: 'reload' }), [actor]);
  useJobsEnded(onJobsEnded);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 p-4 sm:p-6" data-testid="entity-list" data-entity={entity.name}>
      <header className="flex items-baseline gap-3">
        <h1 className="text-2xl font-semibold">{t(entity.label.many)}</h1>
        {list.pagination.count > 0 && (
          <span className="text-sm text-ink-faint">
            {list.pagination.count}
            {list.pagination.countExact ? '' : '+'}
          </span>
        )}
      </header>
      <Toolbar entity={entity} list={list} canAdd={can.has('add')} canBulkEdit={canBulkEdit} canImport={mayImport(entity, siteKind, can)} />
      {canSelect && list.selection.count > 0 && (
        <div className="flex items-center gap-3 rounded-md border border-surface-border bg-surface-raised px-3 py-2 text-sm" data-testid="bulk-bar">
          <span>{t('list.selected', { count: list.selection.count })}</span>
          <button type="button" className={buttonClass.ghost} onClick={list.selection.clear}>
            {t('list.clearSelection')}
          </button>
          <span className="ml-auto" />
          {canBulkEdit && <BulkEditButton entity={entity} list={list} />}
          {canDelete && (
            <button type="button" className={buttonClass.danger} onClick={list.requestBulkDelete} disabled={!list.canBulkDelete}>
              <EIcon name="trash" size={16} />
              {t('list.deleteSelectedButton', { count: list.selection.count })}
            </button>
          )}
        </div>
      )}
      {list.pagination.searchedRows !== null && !list.loadError && (
        <p
          role="status"
          className="rounded-md border border-surface-border bg-surface-raised px-3 py-2 text-sm text-ink-muted"
          data-testid="list-search-stopped"
        >
          {t('list.searchStopped', { count: list.pagination.searchedRows })}
        </p>
      )}
      {list.loadError ? (
        <div className="flex items-center gap-3 rounded-lg border border-danger/40 bg-danger/10 p-4" role="alert" data-testid="list-error">
          <EIcon name="alert" className="text-danger" />
          {list.pageTooDeep ? (
            <>
              <span className="flex-1">{t('list.pageTooDeep')}</span>
              <button type="button" className={buttonClass.secondary} onClick={list.firstPage}>
                {t('list.firstPage')}
              </button>
            </>
          ) : (
            <>
              <span className="flex-1">{t('list.loadFailed', { detail: errorText(list.loadError) })}</span>
              <button type="button" className={buttonClass.secondary} onClick={list.retry}>
                {t('errors.retry')}
              </button>
            </>
          )}
        </div>
      ) : list.empty ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-surface-border p-10 text-center" data-testid="list-empty">
          <p className="text-ink-muted">{list.empty === 'noMatches' ? t('list.noMatches') : t('list.noRows')}</p>
          {list.empty === 'noMatches' ? (
            <button type="button" className={buttonClass.secondary} onClick={list.filters.clear}>
              {t('list.clearFilters')}
            </button>
          ) : (
            can.has('add') && (
              <Link href={`${entity.path}/new`} className={buttonClass.primary}>
                <EIcon name="plus" size={16} />
                {t('list.new')}
              </Link>
            )
          )}
        </div>
      ) : (
        <>
          <Table entity={entity} list={list} canSelect={canSelect} canDelete={canDelete} locale={locale} />
          <Pager list={list} />
        </>
      )}
      {canBulkEdit && <BulkEditDialog entity={entity} list={list} />}
    </div>
  );
}
