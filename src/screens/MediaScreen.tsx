import type { ScreenProps } from '../routing/routes';
import { useT } from '../i18n/i18n';
import { MediaEditor } from '../media/MediaEditor';
import { MediaLibrary } from '../media/MediaLibrary';
import { useMediaManagerActor, useMediaPermissions, useUploadQueueActor } from '../media/useMediaManager';
import { showSnackbar } from '../ui/snackbar';

/**
 * /media (spec §2): the media manager. One media manager and one upload queue live as long
 * as the screen; a finished batch of uploads reloads the list, a replaced file closes the
 * editor (the list reloads with the new thumbnail).
 */
export default function MediaScreen(_props: ScreenProps) {
  const t = useT();
  const permissions = useMediaPermissions();
  const manager = useMediaManagerActor();
  const queue = useUploadQueueActor({
    onUploaded: (_media, kind) => {
      if (kind !== 'replace') return;
      manager.send({ type: 'editor.close' });
      showSnackbar({ message: t('upload.replaced'), color: 'success' });
    },
    onBatch: () => manager.send({ type: 'reload' }),
  });
  return (
    <div className="mx-auto max-w-screen-2xl space-y-4 p-4 md:p-6" data-testid="media-screen">
      <h1 className="text-2xl font-semibold">{t('media.heading')}</h1>
      <MediaLibrary manager={manager} queue={queue} permissions={permissions} />
      <MediaEditor manager={manager} queue={queue} permissions={permissions} />
    </div>
  );
}
