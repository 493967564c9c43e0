import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type Action, actionsOn } from '../../entities/permissions';
import { connectMediaManager, type MediaManagerProps } from '../../machines/mediaManager.connect';
import { type MediaManagerInput, mediaManagerMachine } from '../../machines/mediaManager.machine';
import type { MediaItem } from '../../machines/mediaManager.types';
import type { QueueItemKind } from '../../machines/uploadQueue.helpers';
import { uploadQueueMachine } from '../../machines/uploadQueue.machine';
import { connectUploadQueue, type UploadQueueProps } from '../../machines/uploadQueue.connect';
import { uploadMachine } from '../../machines/upload.machine';
import { useConfirm } from '../app/services/confirm';
import { useSessionView } from '../app/services/session';
import { mediaManagerImplementations, uploadFile } from '../http/mediaActors';
import { useConnect } from '../ui/useConnect';

export type MediaManagerRef = ActorRefFrom<typeof mediaManagerMachine>;
export type UploadQueueRef = ActorRefFrom<typeof uploadQueueMachine>;

/**
 * A media manager for this component's lifetime, on the HTTP actors and the shell's
 * confirm dialog; `writeUrl` (the media screen's) mirrors what it shows in the URL.
 */
export function useMediaManagerActor(input: MediaManagerInput = {}, writeUrl?: (search: string, replace: boolean) => void): MediaManagerRef {
  const ask = useConfirm();
  const logic = useMemo(() => {
    const impl = mediaManagerImplementations(ask);
    return mediaManagerMachine.provide(
      writeUrl
        ? { ...impl, actions: { ...impl.actions, writeUrl: (_: unknown, p: { search: string; replace: boolean }) => writeUrl(p.search, p.replace) } }
        : impl,
    );
  }, [ask, writeUrl]);
  return useActorRef(logic, { input });
}

/** A slice of the media manager's connect props; the caller re-renders only when it changes. */
export function useMediaView<T>(manager: MediaManagerRef, pick: (props: MediaManagerProps) => T): T {
  return useConnect(manager, connectMediaManager, pick);
}

const uploadLogic = uploadMachine.provide({ actors: { uploadFile } });

/**
 * An upload queue (machines/uploadQueue) on the XHR upload actor. `onUploaded` hears each
 * file that went up, `onBatch` each batch that ended with files up; both may change
 * between renders (the latest is called).
 */
export function useUploadQueueActor(handlers: {
  onUploaded?: (media: MediaItem, kind: QueueItemKind) => void;
  onBatch?: (count: number) => void;
}): UploadQueueRef {
  const logic = uploadQueueMachine.provide({
    actors: { upload: uploadLogic, replaceUpload: uploadLogic },
    actions: {
      uploaded: (_, p) => handlers.onUploaded?.(p.media, p.kind),
      batchFinished: (_, p) => handlers.onBatch?.(p.count),
    },
  });
  return useActorRef(logic, { input: {} });
}

export function useUploadQueueView<T>(queue: UploadQueueRef, pick: (props: UploadQueueProps) => T): T {
  return useConnect(queue, connectUploadQueue, pick);
}

export interface MediaPermissions {
  view: boolean;
  add: boolean;
  change: boolean;
  delete: boolean;
}

/** What the signed-in user may do with media (permission model `media`, docs/spec.md §6). */
export function useMediaPermissions(): MediaPermissions {
  const user = useSessionView((s) => s.user);
  return useMemo(() => {
    const held = actionsOn(user, 'media');
    const has = (a: Action) => held.has(a);
    return { view: has('view'), add: has('add'), change: has('change'), delete: has('delete') };
  }, [user]);
}
