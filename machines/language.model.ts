import { languageMachine } from './language.machine';
import { done, fail, type MachineModel } from './model/paths';

export const languageModel: MachineModel = {
  machine: languageMachine,
  input: { language: 'it' },
  actorIds: ['loadLocale'],
  contextKey: (c) => c.language,
  events: [done('loadLocale', {}), fail('loadLocale', new Error('chunk failed')), { type: 'language.change', language: 'de' }],
};
