import type { SnapshotFrom } from 'xstate';
import type { FocalPoint, FocalPointEvent, focalPointMachine } from './focalPoint.machine';

export type FocalPointSnapshot = SnapshotFrom<typeof focalPointMachine>;

/** An arrow key's step: 5 % of the image, 1 % with Shift. */
const STEP = 0.05;
const FINE_STEP = 0.01;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The event a key sends on the focused image, if any: the arrows move the point, Home puts it back in the centre. */
export function focalKeyEvent(key: string, shift: boolean): FocalPointEvent | undefined {
  const arrow = ARROWS[key];
  if (arrow) {
    const step = shift ? FINE_STEP : STEP;
    return { type: 'focal.nudge', dx: arrow[0] * step, dy: arrow[1] * step };
  }
  if (key === 'Home') return { type: 'focal.centre' };
  return undefined;
}

/** A click at (clientX, clientY) on an image shown in `box`, as fractions of the image. */
export function focalClickEvent(
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): FocalPointEvent | undefined {
  if (box.width <= 0 || box.height <= 0) return undefined;
  return { type: 'focal.place', x: (clientX - box.left) / box.width, y: (clientY - box.top) / box.height };
}

const percent = (v: number) => `${Math.round(v * 1000) / 10}%`;

/** Snapshot → what the editor shows and saves: the marker's place, its spoken value, and the PATCH field when edited. */
export function connectFocalPoint(snapshot: FocalPointSnapshot) {
  const point: FocalPoint | null = snapshot.context.point;
  const shown = point ?? { x: 0.5, y: 0.5 };
  const edited = snapshot.matches('edited');
  return {
    point,
    centred: point === null,
    edited,
    marker: { left: percent(shown.x), top: percent(shown.y) },
    /** For the label: "x 25 %, y 75 %". */
    value: { x: Math.round(shown.x * 100), y: Math.round(shown.y * 100) },
    /** What the media's save adds to its PATCH body. */
    saveData: edited ? { focal_point: point } : {},
  };
}
