import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { loadingBarMachine } from '../../machines/loadingBar.machine';
import { loadingBarModel } from '../../machines/loadingBar.model';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(loadingBarModel);

describe('loading bar machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(loadingBarMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(loadingBarMachine, paths)).toEqual([]);
  });
  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(loadingBarModel, path);
      const s = actor.getSnapshot();
      expect(s.context.active >= 1).toBe(s.matches('pending') || s.matches('visible'));
      actor.stop();
    });
  }
});

describe('loading bar timing (spec §9: throttle 200 ms, duration 5000 ms)', () => {
  afterEach(() => void vi.useRealTimers());
  const start = () => {
    vi.useFakeTimers();
    return createActor(loadingBarMachine).start();
  };

  it('never shows for work shorter than the throttle', () => {
    const bar = start();
    bar.send({ type: 'start' });
    vi.advanceTimersByTime(199);
    bar.send({ type: 'finish' });
    vi.advanceTimersByTime(1000);
    expect(bar.getSnapshot().value).toBe('idle');
  });

  it('shows after 200 ms and completes when the last call finishes', () => {
    const bar = start();
    bar.send({ type: 'start' });
    bar.send({ type: 'start' });
    vi.advanceTimersByTime(200);
    expect(bar.getSnapshot().value).toBe('visible');
    bar.send({ type: 'finish' });
    expect(bar.getSnapshot().value).toBe('visible');
    bar.send({ type: 'finish' });
    expect(bar.getSnapshot().value).toBe('completing');
    vi.advanceTimersByTime(300);
    expect(bar.getSnapshot().value).toBe('idle');
  });

  it('gives up after 5000 ms', () => {
    const bar = start();
    bar.send({ type: 'start' });
    vi.advanceTimersByTime(200 + 4999);
    expect(bar.getSnapshot().value).toBe('visible');
    vi.advanceTimersByTime(1);
    expect(bar.getSnapshot().value).toBe('completing');
  });
});
