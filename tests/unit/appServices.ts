/** The two app-wide actors the components under test use: the language (labels, English) and the confirm dialog. */
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Language } from '../../locales/languages';
import { confirmMachine } from '../../machines/confirm.machine';
import { languageMachine } from '../../machines/language.machine';
import type { AppServices } from '../../src/app/AppServices';

export async function testServices(): Promise<Partial<AppServices>> {
  const language = createActor(languageMachine.provide({ actors: { loadLocale: fromPromise<unknown, { language: Language }>(async () => ({})) } }), {
    input: { language: 'en' },
  }).start();
  await waitFor(language, (s) => s.matches('ready'));
  return { language, confirm: createActor(confirmMachine).start() };
}
