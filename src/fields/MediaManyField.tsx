import { type DragEvent, useState } from 'react';
import type { MediaManyField as MediaManyFieldDef } from '../../entities/fields';
import { useT } from '../i18n/i18n';
import { ChosenMedia } from '../media/ChosenMedia';
import MediaPickerDialog from '../media/LazyMediaPickerDialog';
import { MediaThumb } from '../media/MediaPreview';
import { Icon } from '../ui/icons';
import { fieldButton } from './MediaField';
import { labelText } from './label';
import type { FieldWidgetProps } from './types';

const DRAG_TYPE = 'application/x-media-index';

/** The list with the item at `from` moved to `to`. */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

/** The list with the picked ids added at the end, each once, cut to `max`. */
export function addIds(list: readonly number[], ids: readonly number[], max?: number): number[] {
  const next = [...list];
  for (const id of ids) if (!next.includes(id)) next.push(id);
  return max ? next.slice(0, max) : next;
}

/**
 * Form field `mediaMany`: an ordered list of media ids. Thumbnails with remove; reorder by
 * dragging a thumbnail or with the move buttons (keyboard); add through the picker in
 * multi mode. The form machine owns the value; the picker's visibility is view state.
 */
export default function MediaManyField({ name, field, value, onChange, errors, disabled, id }: FieldWidgetProps<number[], MediaManyFieldDef>) {
  const t = useT();
  const [picking, setPicking] = useState(false);
  const ids = Array.isArray(value) ? value : [];
  const full = field.max !== undefined && ids.length >= field.max;
  const onDrop = (e: DragEvent<HTMLLIElement>, to: number) => {
    const from = Number(e.dataTransfer.getData(DRAG_TYPE));
    if (!e.dataTransfer.types.includes(DRAG_TYPE) || !Number.isInteger(from)) return;
    e.preventDefault();
    onChange(move(ids, from, to));
  };
  return (
    <div className="space-y-2" data-testid={`media-many-field-${name}`}>
      {ids.length === 0 ? (
        <p className="rounded-lg border border-dashed border-surface-border p-3 text-sm text-ink-muted">{t('media.noneChosen')}</p>
      ) : (
        <ol className="flex flex-wrap gap-2" aria-label={labelText(t, field.label)}>
          {ids.map((mediaId, index) => (
            <li
              key={mediaId}
              draggable={!disabled}
              onDragStart={(e) => {
                e.dataTransfer.setData(DRAG_TYPE, String(index));
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => {
                if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
              }}
              onDrop={(e) => onDrop(e, index)}
              className="flex w-28 flex-col gap-1 rounded-lg border border-surface-border bg-surface p-1.5"
              data-testid="media-many-item"
              data-media-id={mediaId}
            >
              <ChosenMedia key={mediaId} id={mediaId}>
                {(media) => (
                  <>
                    <span className="relative cursor-grab">
                      <MediaThumb media={media} />
                    </span>
                    <span className="truncate text-xs text-ink-muted" title={media.name}>
                      {media.name}
                    </span>
                  </>
                )}
              </ChosenMedia>
              <span className="flex items-center justify-between">
                <button
                  type="button"
                  disabled={disabled || index === 0}
                  onClick={() => onChange(move(ids, index, index - 1))}
                  className="rounded p-1 text-ink-muted hover:bg-surface-overlay hover:text-ink disabled:opacity-30"
                  aria-label={t('media.moveEarlier', { position: index + 1 })}
                >
                  <Icon name="left" width={16} height={16} />
                </button>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onChange(ids.filter((x) => x !== mediaId))}
                  className="rounded p-1 text-ink-muted hover:bg-surface-overlay hover:text-danger"
                  aria-label={t('media.removeAt', { position: index + 1 })}
                >
                  <Icon name="trash" width={16} height={16} />
                </button>
                <button
                  type="button"
                  disabled={disabled || index === ids.length - 1}
                  onClick={() => onChange(move(ids, index, index + 1))}
                  className="rounded p-1 text-ink-muted hover:bg-surface-overlay hover:text-ink disabled:opacity-30"
                  aria-label={t('media.moveLater', { position: index + 1 })}
                >
                  <Icon name="right" width={16} height={16} />
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button
          id={id}
          type="button"
          disabled={disabled || full}
          onClick={() => setPicking(true)}
          className={fieldButton}
          aria-invalid={errors?.length ? true : undefined}
          aria-label={`${t('media.addMedia')} · ${labelText(t, field.label)}`}
        >
          <Icon name="image" width={16} height={16} />
          {t('media.addMedia')}
        </button>
        {ids.length > 0 && (
          <button type="button" disabled={disabled} onClick={() => onChange([])} className={fieldButton}>
            <Icon name="x" width={16} height={16} />
            {t('media.clearAll')}
          </button>
        )}
        {field.max !== undefined && <span className="text-xs text-ink-muted">{t('media.countOfMax', { count: ids.length, max: field.max })}</span>}
      </div>
      <MediaPickerDialog
        open={picking}
        mode="multi"
        accept={field.accept}
        title={labelText(t, field.label)}
        onClose={() => setPicking(false)}
        onChoose={(media) =>
          onChange(
            addIds(
              ids,
              media.map((m) => m.id),
              field.max,
            ),
          )
        }
      />
    </div>
  );
}
