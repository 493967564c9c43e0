import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { confirmMachine } from '../../machines/confirm.machine';
import { confirmModel } from '../../machines/confirm.model';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(confirmModel);

describe('confirm machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(confirmMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(confirmMachine, paths)).toEqual([]);
  });
  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(confirmModel, path);
      const s = actor.getSnapshot();
      expect(s.context.current !== null).toBe(s.matches('open'));
    });
  }
});

describe('confirm behaviour', () => {
  it('answers yes on approve and no on dismiss, one question at a time', () => {
    const answers: string[] = [];
    const actor = createActor(confirmMachine).start();
    actor.send({ type: 'ask', title: 'A', question: 'First?', reply: (ok) => void answers.push(`first:${ok}`) });
    actor.send({ type: 'ask', title: 'B', question: 'Second?', reply: (ok) => void answers.push(`second:${ok}`) });
    expect(actor.getSnapshot().context.current?.question).toBe('First?');
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().context.current?.question).toBe('Second?');
    actor.send({ type: 'approve' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(answers).toEqual(['first:false', 'second:true']);
  });

  it('ignores approve and dismiss when nothing is asked', () => {
    const actor = createActor(confirmMachine).start();
    actor.send({ type: 'approve' });
    actor.send({ type: 'dismiss' });
    expect(actor.getSnapshot().value).toBe('closed');
  });
});
