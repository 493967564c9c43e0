import { useState } from 'react';
import type { MediaField as FileFieldDef } from '../../entities/fields';
import { useT } from '../i18n/i18n';
import { ChosenMedia, MediaFacts } from '../media/ChosenMedia';
import { Icon } from '../ui/icons';
import MediaPickerDialog from '../media/LazyMediaPickerDialog';
import { FilePickerButton } from '../media/UploadControls';
import { UploadList } from '../media/UploadList';
import { useMediaPermissions, useUploadQueueActor, useUploadQueueView } from '../media/useMediaManager';
import { fieldButton } from './MediaField';
import { labelText } from './label';
import type { FieldWidgetProps } from './types';

/**
 * Form field `file`: one media id or null, any allowed file type (`accept` narrows the
 * chooser). Upload a file here (its progress shows under the field; when it is up, the
 * field takes it), or choose one from the library; the current file is a link; clear.
 */
export default function FileField({ name, field, value, onChange, errors, disabled, id }: FieldWidgetProps<number | null, FileFieldDef>) {
  const t = useT();
  const permissions = useMediaPermissions();
  const [picking, setPicking] = useState(false);
  const queue = useUploadQueueActor({ onUploaded: (media, kind) => kind === 'create' && onChange(media.id) });
  const uploading = useUploadQueueView(queue, (q) => q.pending > 0);
  const has = value !== null && value !== undefined;
  return (
    <div className="space-y-2" data-testid={`file-field-${name}`}>
      <div className="flex items-center gap-3 rounded-lg border border-surface-border bg-surface p-2">
        <Icon name="file" className="shrink-0 text-ink-muted" />
        {has ? (
          <ChosenMedia key={value} id={value}>
            {(media) => <MediaFacts media={media} />}
          </ChosenMedia>
        ) : (
          <span className="text-sm text-ink-muted">{t('media.noFile')}</span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {permissions.add && (
          <FilePickerButton
            single
            variant="secondary"
            accept={field.accept}
            disabled={disabled || uploading}
            label={has ? t('media.uploadAnother') : t('media.uploadFile')}
            onFiles={(files) => queue.send({ type: 'files.add', files: files.slice(0, 1), folder: null })}
            testId={`file-field-input-${name}`}
          />
        )}
        <button
          id={id}
          type="button"
          disabled={disabled}
          onClick={() => setPicking(true)}
          className={fieldButton}
          aria-invalid={errors?.length ? true : undefined}
          aria-label={`${t('media.fromLibrary')} · ${labelText(t, field.label)}`}
        >
          <Icon name="folder" width={16} height={16} />
          {t('media.fromLibrary')}
        </button>
        {has && (
          <button type="button" disabled={disabled} onClick={() => onChange(null)} className={fieldButton}>
            <Icon name="x" width={16} height={16} />
            {t('media.clear')}
          </button>
        )}
      </div>
      <UploadList queue={queue} compact />
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
