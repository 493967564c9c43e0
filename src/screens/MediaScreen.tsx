import { useEffect } from 'react';
import { useSearch } from 'wouter';
import { MEDIA_QUERY_QUIET_KEYS } from '../../machines/mediaManager.helpers';
import type { ScreenProps } from '../routing/types';
import { writeUrlQuery } from '../routing/urlQuery';
import { useT } from '../i18n/i18n';
import { MediaEditor } from '../media/MediaEditor';
import { MediaLibrary } from '../media/MediaLibrary';
import { MoveDialog } from '../media/MoveDialog';
import { useMediaManagerActor, useMediaPermissions, useUploadQueueActor } from '../media/useMediaManager';
import { showSnackbar } from '../ui/snackbar';

/** Where the media manager says: a new history entry, or the same one (the query it opened with, a search being typed). */
const writeUrl = (query: string, replace: boolean) => writeUrlQuery(query, { replace, quiet: MEDIA_QUERY_QUIET_KEYS });

/**
 * /media (docs/spec.md §2): the media manager, with its folder, page, filter and search in the URL
 * (each folder opened is a history entry, so Back walks up the trail). One media manager
 * and one upload queue live as long as the screen; a finished batch of uploads reloads the
 * list, a replaced file closes the editor (the list reloads with the new thumbnail).
 */
export default function MediaScreen(_props: ScreenProps) {
  const t = useT();
  const permissions = useMediaPermissions();
  const search = useSearch();
  const manager = useMediaManagerActor({ query: window.location.search }, writeUrl);
  // Back/Forward or a link changed the query: the machine decides whether that shows something else.
  useEffect(() => manager.send({ type: 'query.sync', search }), [manager, search]);
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
      <MoveDialog manager={manager} />
    </div>
  );
}
