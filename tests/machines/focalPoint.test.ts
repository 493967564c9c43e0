import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { connectFocalPoint, focalClickEvent, focalKeyEvent } from '../../machines/focalPoint.connect';
import { type FocalPoint, focalPointMachine } from '../../machines/focalPoint.machine';
import { focalPointModel } from '../../machines/focalPoint.model';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(focalPointModel);
const inside = (p: FocalPoint | null) => p === null || (p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1);

describe('focal point machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(focalPointMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(focalPointMachine, paths)).toEqual([]);
  });
  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(focalPointModel, path);
      const s = actor.getSnapshot();
      const { point, saved } = s.context;
      // Edited exactly when the point differs from the saved one, and never off the image.
      expect(s.matches('edited')).toBe(JSON.stringify(point) !== JSON.stringify(saved));
      expect(inside(point)).toBe(true);
      expect(connectFocalPoint(s).saveData).toEqual(s.matches('edited') ? { focal_point: point } : {});
      actor.stop();
    });
  }
});

describe('focal point in the media editor', () => {
  const start = (point: FocalPoint | null = null) => createActor(focalPointMachine, { input: { point } }).start();

  it('a click sets the point where it lands on the image; the marker follows', () => {
    const fp = start();
    fp.send(focalClickEvent({ left: 100, top: 50, width: 400, height: 200 }, 200, 200)!);
    const view = connectFocalPoint(fp.getSnapshot());
    expect(view).toMatchObject({ point: { x: 0.25, y: 0.75 }, edited: true, marker: { left: '25%', top: '75%' }, value: { x: 25, y: 75 } });
  });

  it('arrow keys move it in steps of 5 % (1 % with Shift) from the centre, and stop at the edges', () => {
    const fp = start();
    fp.send(focalKeyEvent('ArrowLeft', false)!);
    fp.send(focalKeyEvent('ArrowDown', true)!);
    expect(fp.getSnapshot().context.point).toEqual({ x: 0.45, y: 0.51 });
    for (let i = 0; i < 30; i++) fp.send(focalKeyEvent('ArrowRight', false)!);
    expect(fp.getSnapshot().context.point).toEqual({ x: 1, y: 0.51 });
    expect(focalKeyEvent('Enter', false)).toBeUndefined();
  });

  it('Home puts it back in the centre; going back to the saved point is no edit', () => {
    const fp = start({ x: 0.2, y: 0.2 });
    fp.send(focalKeyEvent('Home', false)!);
    expect(connectFocalPoint(fp.getSnapshot())).toMatchObject({ centred: true, edited: true, saveData: { focal_point: null } });
    fp.send({ type: 'focal.place', x: 0.2, y: 0.2 });
    expect(connectFocalPoint(fp.getSnapshot())).toMatchObject({ edited: false, saveData: {} });
  });
});
