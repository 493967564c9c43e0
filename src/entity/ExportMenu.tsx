import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { EntityListProps } from '../../machines/entityList.connect';
import type { ExportFormat, ExportRows } from '../../machines/entityList.types';
import { useT } from '../i18n/i18n';
import { buttonClass, EIcon } from './ui';

const FORMATS: ReadonlyArray<[ExportFormat, string]> = [
  ['csv', 'CSV'],
  ['xlsx', 'Excel (XLSX)'],
];

/** The list's Export menu: what it shows or the ticked rows, as CSV or XLSX (docs/decisions.md §21). */
export function ExportMenu({ list }: { list: EntityListProps }) {
  const t = useT();
  const { busy, canExport, canExportSelected, request } = list.export;
  const item = (rows: ExportRows, format: ExportFormat, name: string, enabled: boolean) => (
    <MenuItem key={`${rows}-${format}`} disabled={!enabled}>
      <button
        type="button"
        onClick={() => request(format, rows)}
        className="block w-full rounded px-3 py-2 text-left text-sm data-[disabled]:opacity-50 data-[focus]:bg-surface-overlay"
        data-testid={`export-${rows}-${format}`}
      >
        {t(rows === 'list' ? 'list.exportList' : 'list.exportSelected', { format: name })}
      </button>
    </MenuItem>
  );
  return (
    <Menu as="div" className="relative">
      <MenuButton className={buttonClass.secondary} disabled={!canExport || busy} aria-busy={busy} data-testid="list-export">
        <EIcon name="download" size={16} />
        {busy ? t('list.exporting') : t('list.export')}
      </MenuButton>
      <MenuItems className="absolute right-0 top-full z-40 mt-1 w-72 rounded-md border border-surface-border bg-surface-raised p-1 shadow-xl focus:outline-none">
        {FORMATS.map(([format, name]) => item('list', format, name, canExport))}
        {FORMATS.map(([format, name]) => item('selected', format, name, canExportSelected))}
      </MenuItems>
    </Menu>
  );
}
