import { useState } from 'react';
import type { MediaField as MediaFieldDef } from '../../entities/fields';
import { useT } from '../i18n/i18n';
import { ChosenMedia, MediaFacts } from '../media/ChosenMedia';
import MediaPickerDialog from '../media/LazyMediaPickerDialog';
import { MediaThumb } from '../media/MediaPreview';
import { Icon } from '../ui/icons';
import { labelText } from './label';
import type { FieldWidgetProps } from './types';

/** The look of the field widgets' buttons (shared by the media, media-many and file widgets). */
export const fieldButton =
  'inline-flex items-center gap-1.5 rounded-md border border-surface-border px-3 py-1.5 text-sm text-ink hover:bg-surface-overlay disabled:opacity-50';

/**
 * Form field `media` (entities/define.ts): one media id or null. Shows the chosen media
 * (preview, name, size, type), opens the picker to choose one, and clears. The
 * form's frame shows the label and the errors; the widget marks itself invalid. Whether the
 * picker is showing is view state, not a flow: the form machine owns the value.
 */
export default function MediaField({ name, field, value, onChange, errors, disabled, id }: FieldWidgetProps<number | null, MediaFieldDef>) {
  const t = useT();
  const [picking, setPicking] = useState(false);
  return (
    <div className="space-y-2" data-testid={`media-field-${name}`}>
      <div className="flex items-center gap-3 rounded-lg border border-surface-border bg-surface p-2">
        {value !== null && value !== undefined ? (
          <ChosenMedia key={value} id={value}>
            {(media) => (
              <>
                <MediaThumb media={media} size="small" />
                <MediaFacts media={media} />
              </>
            )}
          </ChosenMedia>
        ) : (
          <span className="flex items-center gap-2 px-1 text-sm text-ink-muted">
            <Icon name="image" />
            {t('media.noneChosen')}
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          id={id}
          type="button"
          disabled={disabled}
          onClick={() => setPicking(true)}
          className={fieldButton}

          aria-invalid={errors?.length ? true : undefined}
          // Named by what it does and for which field (the frame's <label> alone would hide the action).
          aria-label={`${value === null || value === undefined ? t('media.chooseMedia') : t('media.change')} · ${labelText(t, field.label)}`}
        >
          <Icon name="image" width={16} height={16} />
          {value === null || value === undefined ? t('media.chooseMedia') : t('media.change')}
        </button>
        {value !== null && value !== undefined && (
          <button type="button" disabled={disabled} onClick={() => onChange(null)} className={fieldButton}>
            <Icon name="x" width={16} height={16} />
            {t('media.clear')}
          </button>
        )}
      </div>
      <MediaPickerDialog
        open={picking}
        mode="single"
        accept={field.accept}
        title={labelText(t, field.label)}
        onClose={() => setPicking(false)}
        onChoose={([media]) => media && onChange(media.id)}
      />
    </div>
  );
}
