import { autocompleteMachine, type Option } from './autocomplete.machine';
import { done, fail, type MachineModel } from './model/paths';

export const options: Option[] = [
  { id: 1, title: 'Deutz-Fahr' },
  { id: 2, title: 'SAME' },
];

/** The autocomplete as a test model: the debounce and the search answers are events. */
export const autocompleteModel: MachineModel = {
  machine: autocompleteMachine,
  input: { resource: 'brand' },
  actorIds: ['debounce', 'searchOptions'],
  contextKey: (c) => [c.options.length > 0, c.highlighted >= 0],
  events: [
    { type: 'open' },
    { type: 'close' },
    { type: 'query.change', query: 'deu' },
    { type: 'highlight.move', delta: 1 },
    { type: 'highlight.set', index: 1 },
    { type: 'choose' },
    { type: 'retry' },
    done('debounce'),
    done('searchOptions', options),
    fail('searchOptions', { status: 500, data: { detail: 'boom' } }),
  ],
};
