import type { DragEvent, ReactNode } from 'react';
import type { UploadFile } from '../../machines/upload.types';
import { useT } from '../i18n/i18n';
import { Icon } from '../ui/icons';

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');

/**
 * Takes files dropped anywhere on it. While files are dragged over it, it says so (a data
 * attribute set on the element itself: what is being dragged is not state of any flow).
 */
export function DropZone({
  onFiles,
  disabled = false,
  children,
  className = '',
}: {
  onFiles: (files: UploadFile[]) => void;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const t = useT();
  if (disabled) return <div className={className}>{children}</div>;
  const mark = (e: DragEvent<HTMLDivElement>, on: boolean) => {
    if (on) e.currentTarget.dataset.dragging = 'true';
    else delete e.currentTarget.dataset.dragging;
  };
  return (
    <div
      className={`group/drop relative ${className}`}
      data-testid="media-dropzone"
      onDragEnter={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        mark(e, true);
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) mark(e, false);
      }}
      onDrop={(e) => {
        mark(e, false);
        const files = Array.from(e.dataTransfer?.files ?? []);
        if (!files.length) return;
        e.preventDefault();
        onFiles(files);
      }}
    >
      {children}
      <div
        className="pointer-events-none absolute inset-0 z-20 hidden items-center justify-center rounded-xl border-2 border-dashed border-brand-ink bg-brand-soft/40 group-data-[dragging=true]/drop:flex"
        aria-hidden="true"
      >
        <span className="flex items-center gap-2 rounded-md bg-surface-raised px-4 py-2 font-medium shadow-lg">
          <Icon name="upload" />
          {t('upload.drop')}
        </span>
      </div>
    </div>
  );
}

/** A button that opens the file chooser (several files unless `single`); the input is reset so the same file can be chosen again. */
export function FilePickerButton({
  onFiles,
  label,
  accept,
  single = false,
  disabled = false,
  variant = 'primary',
  testId,
}: {
  onFiles: (files: UploadFile[]) => void;
  label: string;
  accept?: string;
  single?: boolean;
  disabled?: boolean;
  variant?: 'primary' | 'secondary';
  testId?: string;
}) {
  const look = variant === 'primary' ? 'bg-brand text-white hover:bg-brand-strong' : 'border border-surface-border text-ink hover:bg-surface-overlay';
  return (
    <label
      className={`relative inline-flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm font-medium focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-ink ${look} ${disabled ? 'pointer-events-none opacity-50' : ''}`}
    >
      <Icon name="upload" width={18} height={18} />
      {label}
      <input
        type="file"
        className="sr-only"
        multiple={!single}
        accept={accept}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </label>
  );
}
