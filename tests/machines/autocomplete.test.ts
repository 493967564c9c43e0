import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { autocompleteMachine, type SearchOptionsInput } from '../../machines/autocomplete.machine';
import { autocompleteModel, options } from '../../machines/autocomplete.model';
import { pathsOf, uncoveredTransitions, unvisitedStates, walkPath } from './modelHarness';

const paths = pathsOf(autocompleteModel);

describe('autocomplete machine (model-based)', () => {
  it('the generated paths visit every state and take every transition', () => {
    expect(unvisitedStates(autocompleteMachine, paths)).toEqual([]);
    expect(uncoveredTransitions(autocompleteMachine, paths)).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = await walkPath(autocompleteModel, path);
      const c = actor.getSnapshot().context;
      // The keyboard never points outside the options.
      expect(c.highlighted).toBeGreaterThanOrEqual(-1);
      expect(c.highlighted).toBeLessThan(Math.max(1, c.options.length));
      if (actor.getSnapshot().matches({ open: 'failed' })) expect(c.error?.status).toBe(500);
      actor.stop();
    });
  }
});

describe('autocomplete behaviour', () => {
  function boot() {
    const searches: SearchOptionsInput[] = [];
    const actor = createActor(
      autocompleteMachine.provide({
        actors: {
          searchOptions: fromPromise(async ({ input }: { input: SearchOptionsInput }) => {
            searches.push(input);
            return options.filter((o) => o.title.toLowerCase().startsWith(input.search.toLowerCase()));
          }),
        },
      }),
      { input: { resource: 'brand', debounceMs: 5 } },
    ).start();
    return { actor, searches };
  }

  it('opening searches at once; typing searches once after the pause, with the trimmed text', async () => {
    const { actor, searches } = boot();
    actor.send({ type: 'open' });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    expect(searches).toEqual([{ resource: 'brand', search: '' }]);
    actor.send({ type: 'query.change', query: 'd' });
    actor.send({ type: 'query.change', query: 'de ' });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }) && searches.length === 2);
    expect(searches[1]).toEqual({ resource: 'brand', search: 'de' });
    expect(actor.getSnapshot().context.options).toEqual([options[0]]);
    expect(actor.getSnapshot().context.highlighted).toBe(0);
  });

  it('arrows wrap around the options; choosing closes and forgets the text', async () => {
    const { actor } = boot();
    actor.send({ type: 'open' });
    await waitFor(actor, (s) => s.matches({ open: 'ready' }));
    actor.send({ type: 'highlight.move', delta: 1 });
    expect(actor.getSnapshot().context.highlighted).toBe(1);
    actor.send({ type: 'highlight.move', delta: 1 });
    expect(actor.getSnapshot().context.highlighted).toBe(0);
    actor.send({ type: 'highlight.move', delta: -1 });
    expect(actor.getSnapshot().context.highlighted).toBe(1);
    actor.send({ type: 'query.change', query: 'x' });
    actor.send({ type: 'choose' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.query).toBe('');
  });
});
