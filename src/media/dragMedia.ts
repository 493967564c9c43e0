import type { DragEvent } from 'react';

/** What a dragged tile carries: the ids of the media it moves (never files, so the upload drop zone ignores it). */
const MEDIA_IDS = 'application/x-backoffice-media-ids';

const carriesMedia = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes(MEDIA_IDS);

function idsOf(e: DragEvent): number[] {
  try {
    const ids: unknown = JSON.parse(e.dataTransfer.getData(MEDIA_IDS));
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/** A tile that can be dragged onto a folder: it carries `ids`. */
export const dragSource = (ids: number[], enabled: boolean) => ({
  draggable: enabled,
  onDragStart: (e: DragEvent<HTMLElement>) => {
    e.dataTransfer.setData(MEDIA_IDS, JSON.stringify(ids));
    e.dataTransfer.effectAllowed = 'move';
  },
});

/**
 * A folder tile or trail crumb that takes dragged tiles. While tiles are over it, it says
 * so with `data-drop-over` on itself: what is being dragged is not state of any flow.
 */
export function dropTarget(onDrop: (ids: number[]) => void, enabled: boolean) {
  if (!enabled) return {};
  const mark = (e: DragEvent<HTMLElement>, on: boolean) => {
    if (on) e.currentTarget.dataset.dropOver = 'true';
    else delete e.currentTarget.dataset.dropOver;
  };
  return {
    onDragEnter: (e: DragEvent<HTMLElement>) => {
      if (!carriesMedia(e)) return;
      e.preventDefault();
      mark(e, true);
    },
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!carriesMedia(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'move';
    },
    onDragLeave: (e: DragEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) mark(e, false);
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      if (!carriesMedia(e)) return;
      e.preventDefault();
      mark(e, false);
      const ids = idsOf(e);
      if (ids.length) onDrop(ids);
    },
  };
}
