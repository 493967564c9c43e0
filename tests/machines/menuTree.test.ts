import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ConfirmInput } from '../../machines/shell.types';
import { type ItemPath, menuTreeMachine } from '../../machines/menuTree.machine';
import { menuTreeModel } from '../../machines/menuTree.model';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(menuTreeModel);

describe('menu tree machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(menuTreeMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(menuTreeMachine, paths)).toEqual([]);
  });
  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(menuTreeModel, path);
      const s = actor.getSnapshot();
      // An item is pending exactly while the question about it is open.
      expect(s.context.pending !== null).toBe(s.matches('confirming'));
      actor.stop();
    });
  }
});

/** A menu tree on a confirm dialog that answers `yes` (or fails), recording the questions and the removals. */
function boot(answer: () => Promise<boolean>) {
  const questions: ConfirmInput[] = [];
  const removed: ItemPath[] = [];
  const actor = createActor(
    menuTreeMachine.provide({
      actors: { confirm: fromPromise<boolean, ConfirmInput>(({ input }) => (questions.push(input), answer())) },
    }),
  ).start();
  actor.on('item.removed', (e) => void removed.push(e.path));
  return { actor, questions, removed, idle: () => waitFor(actor, (s) => s.matches('idle') && questions.length > 0) };
}

describe('menu tree: deleting an item', () => {
  it('asks about the item by its label, and removes it on yes', async () => {
    const m = boot(async () => true);
    m.actor.send({ type: 'item.delete', path: [0, 1], label: 'Tractors' });
    await m.idle();
    expect(m.questions).toEqual([{ title: 'fields.menu.deleteTitle', question: 'fields.menu.deleteQuestion', values: { label: 'Tractors' }, danger: true }]);
    expect(m.removed).toEqual([[0, 1]]);
  });

  it('an item without a label is asked about as “…”', async () => {
    const m = boot(async () => false);
    m.actor.send({ type: 'item.delete', path: [2], label: '' });
    await m.idle();
    expect(m.questions[0]?.values).toEqual({ label: '…' });
  });

  it('keeps the item when the user declines or the dialog fails', async () => {
    const declined = boot(async () => false);
    declined.actor.send({ type: 'item.delete', path: [0], label: 'Home' });
    await declined.idle();
    expect(declined.removed).toEqual([]);
    const failed = boot(() => Promise.reject(new Error('dialog closed')));
    failed.actor.send({ type: 'item.delete', path: [0], label: 'Home' });
    await failed.idle();
    expect(failed.removed).toEqual([]);
  });
});
