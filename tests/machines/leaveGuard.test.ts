import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { LeaveAttempt } from '../../machines/leaveGuard.history';
import { leaveGuardMachine } from '../../machines/leaveGuard.machine';
import { leaveGuardModel } from '../../machines/leaveGuard.model';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(leaveGuardModel);

describe('leave guard machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(leaveGuardMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(leaveGuardMachine, paths)).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(leaveGuardModel, path);
      const s = actor.getSnapshot();
      // Ways out are held exactly while the page is guarded.
      expect(s.children.holdHistory !== undefined).toBe(s.matches('guarded'));
      // A held way out is kept only while it is asked about or made.
      if (s.matches({ guarded: 'asking' })) expect(s.context.attempt).not.toBeNull();
      if (s.matches('clean') || s.matches({ guarded: 'dirty' })) expect(s.context.attempt).toBeNull();
      if (s.matches('clean')) expect(s.context.dirty).toBe(false);
      actor.stop();
    });
  }
});

const push: LeaveAttempt = { kind: 'push', data: null, url: '/products' };
const back: LeaveAttempt = { kind: 'traverse', key: 'k1' };

/** A guard on fake effects: the history hold reports attempts, the question waits for `answer`, leaving records where it went. */
function boot() {
  let report: ((event: AnyEventObject) => void) | null = null;
  let answer: ((yes: boolean) => void) | null = null;
  const asked: number[] = [];
  const left: Array<LeaveAttempt | null> = [];
  /** Whether the history was still held when each leave was made. */
  const heldWhileLeaving: boolean[] = [];
  const actor = createActor(
    leaveGuardMachine.provide({
      actors: {
        holdHistory: fromCallback(({ sendBack }) => {
          report = sendBack;
          return () => void (report = null);
        }),
        confirm: fromPromise<boolean, void>(() => new Promise((resolve) => void ((answer = resolve), asked.push(asked.length + 1)))),
        leave: fromPromise<void, LeaveAttempt | null>(async ({ input }) => {
          left.push(input);
          heldWhileLeaving.push(report !== null);
        }),
      },
    }),
  ).start();
  const tryLeaving = (attempt: LeaveAttempt) => {
    if (!report) return false;
    report({ type: 'leave.attempt', attempt });
    return true;
  };
  return { actor, asked, left, heldWhileLeaving, tryLeaving, answer: (yes: boolean) => answer?.(yes), holding: () => report !== null };
}

describe('leave guard behaviour', () => {
  it('holds nothing while the form is clean, and everything once it is dirty', () => {
    const g = boot();
    expect(g.holding()).toBe(false);
    g.actor.send({ type: 'dirty.change', dirty: true });
    expect(g.holding()).toBe(true);
    g.actor.send({ type: 'dirty.change', dirty: false });
    expect(g.holding()).toBe(false);
  });

  it('asks before leaving unsaved work, and leaves the way the user tried when allowed', async () => {
    const g = boot();
    g.actor.send({ type: 'dirty.change', dirty: true });
    expect(g.tryLeaving(push)).toBe(true);
    expect(g.actor.getSnapshot().matches({ guarded: 'asking' })).toBe(true);
    await waitFor(g.actor, () => g.asked.length === 1);
    g.answer(true);
    await waitFor(g.actor, () => g.left.length === 1);
    expect(g.left).toEqual([push]);
    // Nothing is held while the page is left.
    expect(g.heldWhileLeaving).toEqual([false]);
  });

  it('stays when the user declines, and asks again next time', async () => {
    const g = boot();
    g.actor.send({ type: 'dirty.change', dirty: true });
    g.tryLeaving(back);
    await waitFor(g.actor, () => g.asked.length === 1);
    g.answer(false);
    await waitFor(g.actor, (s) => s.matches({ guarded: 'dirty' }));
    expect(g.left).toEqual([]);
    g.tryLeaving(back);
    await waitFor(g.actor, () => g.asked.length === 2);
  });

  it('asks one question at a time: a way out tried while it is open is dropped', async () => {
    const g = boot();
    g.actor.send({ type: 'dirty.change', dirty: true });
    g.tryLeaving(push);
    g.tryLeaving(back);
    await waitFor(g.actor, () => g.asked.length === 1);
    g.answer(true);
    await waitFor(g.actor, () => g.left.length === 1);
    expect(g.asked).toEqual([1]);
    expect(g.left).toEqual([push]);
  });

  it('lets the app leave on its own after a save or a delete, without a question', async () => {
    const g = boot();
    g.actor.send({ type: 'dirty.change', dirty: true });
    g.actor.send({ type: 'leave.pass' });
    // The app's own navigation, made right after, is not held.
    expect(g.holding()).toBe(false);
    await waitFor(g.actor, () => g.left.length === 1);
    expect(g.left).toEqual([null]);
    expect(g.asked).toEqual([]);
  });

  it('a form saved while the question is open is clean when the user stays', async () => {
    const g = boot();
    g.actor.send({ type: 'dirty.change', dirty: true });
    g.tryLeaving(push);
    await waitFor(g.actor, () => g.asked.length === 1);
    g.actor.send({ type: 'dirty.change', dirty: false });
    g.answer(false);
    await waitFor(g.actor, (s) => s.matches('clean'));
    expect(g.holding()).toBe(false);
  });
});
