import { assign, not, setup } from 'xstate';

/** Where `cover` renditions of an image are centred: fractions 0..1 of its width and height from the top left. */
export interface FocalPoint {
  x: number;
  y: number;
}

export interface FocalPointContext {
  /** The point shown; null is the centre (the server's default). */
  point: FocalPoint | null;
  /** The media's point as last read: `edited` while `point` differs from it. */
  saved: FocalPoint | null;
}

export type FocalPointEvent =
  /** A click on the image, already turned into fractions (focalPoint.connect.ts). */
  | { type: 'focal.place'; x: number; y: number }
  /** An arrow key: a step from where the point is (from the centre when there is none). */
  | { type: 'focal.nudge'; dx: number; dy: number }
  | { type: 'focal.centre' };

const clamp = (v: number) => Math.min(1, Math.max(0, v));
/** Four decimals: finer than a pixel of any image the library takes, and what a save sends. */
const round = (v: number) => Math.round(clamp(v) * 10_000) / 10_000;
const same = (a: FocalPoint | null, b: FocalPoint | null) => (a === null || b === null ? a === b : a.x === b.x && a.y === b.y);

function placed(event: FocalPointEvent, point: FocalPoint | null): FocalPoint | null {
  switch (event.type) {
    case 'focal.place':
      return { x: round(event.x), y: round(event.y) };
    case 'focal.nudge':
      return { x: round((point?.x ?? 0.5) + event.dx), y: round((point?.y ?? 0.5) + event.dy) };
    default:
      return null;
  }
}

/**
 * The focal point of the image in the media editor (issue 19): set by a click on the image
 * or moved by arrow keys, or back to the centre. `edited` says the
 * media's save must send it; the editor remounts (and this restarts) on every version read.
 */
export const focalPointMachine = setup({
  types: { context: {} as FocalPointContext, events: {} as FocalPointEvent, input: {} as { point: FocalPoint | null } },
  guards: {
    backToSaved: ({ context, event }) => same(placed(event, context.point), context.saved),
  },
  actions: {
    move: assign({ point: ({ context, event }) => placed(event, context.point) }),
  },
}).createMachine({
  id: 'focalPoint',
  context: ({ input }) => ({ point: input.point, saved: input.point }),
  initial: 'saved',
  states: {
    saved: {
      on: {
        // A move onto the saved point changes nothing.
        'focal.place': { guard: not('backToSaved'), target: 'edited', actions: 'move' },
        'focal.nudge': { guard: not('backToSaved'), target: 'edited', actions: 'move' },
        'focal.centre': { guard: not('backToSaved'), target: 'edited', actions: 'move' },
      },
    },
    edited: {
      on: {
        'focal.place': [{ guard: 'backToSaved', target: 'saved', actions: 'move' }, { actions: 'move' }],
        'focal.nudge': [{ guard: 'backToSaved', target: 'saved', actions: 'move' }, { actions: 'move' }],
        'focal.centre': [{ guard: 'backToSaved', target: 'saved', actions: 'move' }, { actions: 'move' }],
      },
    },
  },
});
