import { createActor, fromPromise } from 'xstate';
import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, type Language } from '../../locales/languages';
import { confirmMachine } from '../../machines/confirm.machine';
import { jobsMachine } from '../../machines/jobs.machine';
import { chooseLanguage, localizedUrl } from '../../machines/language.helpers';
import { languageMachine } from '../../machines/language.machine';
import { loadingBarMachine } from '../../machines/loadingBar.machine';
import { sessionMachine } from '../../machines/session.machine';
import { flagCookies, flagsFromCookies, readCookie } from '../../machines/sidebar.helpers';
import { sidebarMachine } from '../../machines/sidebar.machine';
import { activity } from '../http/activity';
import { endedNotice, jobsActors } from '../http/jobsActors';
import { showSnackbar } from '../ui/snackbar';
import { sessionActors } from '../http/sessionActors';
import { activateLanguage, loadMessages } from '../i18n/i18n';
import { logoutPending, setLogoutPending } from './logoutMarker';
import { matchPath } from '../routing/resolve';
import { ROUTES } from '../routing/routes';
import { appPath } from '../../machines/language.helpers';
import { writeCookie } from './cookies';
import { readBootData } from './bootData';
import type { AppServices } from './AppServices';
import type { Inspect } from './inspector';
import { askWith } from './services/confirm';

export const NARROW_QUERY = '(max-width: 767px)';

/**
 * Every app-wide actor, started once outside React and handed to it through
 * AppServicesProvider by src/main.tsx. Nothing else imports this file: components and
 * machines depend on the interfaces in src/app/services/ (docs/architecture.md).
 */
export function startApp(inspect?: Inspect): AppServices {
  const { hostname, pathname } = window.location;
  const boot = readBootData(document);

  const session = createActor(
    sessionMachine.provide({
      actors: sessionActors(boot),
      actions: {
        reloadPage: () => window.location.reload(),
        rememberLogout: () => setLogoutPending(true),
        forgetLogout: () => setLogoutPending(false),
        logFailure: (_, { what, error }) => console.warn(`[session] ${what} failed`, error),
      },
    }),
    { input: { host: hostname, hasSession: boot.hasSession, logoutPending: logoutPending() }, inspect },
  );

  const siteDefault = boot.tenant?.default_language;
  const language = createActor(
    languageMachine.provide({
      actors: { loadLocale: fromPromise<unknown, { language: Language }>(({ input }) => activity.track(loadMessages(input.language))) },
      actions: {
        apply: (_, { language: code }) => {
          activateLanguage(code);
          document.documentElement.lang = code;
          writeCookie(LANGUAGE_COOKIE, code, LANGUAGE_COOKIE_DAYS);
          const { pathname: path, search } = window.location;
          const target = localizedUrl(path, search, code);
          if (target !== path + search) window.history.replaceState(window.history.state, '', target);
        },
        warn: (_, { language: code, error }) => console.warn(`[language] could not load "${code}", keeping the current language`, error),
      },
    }),
    {
      input: {
        language: chooseLanguage({ pathname, cookie: readCookie(document.cookie, LANGUAGE_COOKIE), siteDefault, browser: navigator.languages ?? [] }),
      },
      inspect,
    },
  );

  const narrow = window.matchMedia(NARROW_QUERY);
  const sidebar = createActor(
    sidebarMachine.provide({
      actions: { persist: (_, flags) => flagCookies(flags).forEach((c) => writeCookie(c.name, c.value)) },
    }),
    {
      input: { ...flagsFromCookies(document.cookie), narrow: narrow.matches, activeGroup: matchPath(ROUTES, appPath(pathname))?.route.group ?? null },
      inspect,
    },
  );
  narrow.addEventListener('change', (e) => sidebar.send({ type: 'viewport.changed', narrow: e.matches }));

  const loadingBar = createActor(loadingBarMachine, { inspect });
  activity.subscribe((change) => loadingBar.send({ type: change }));

  const confirm = createActor(confirmMachine, { inspect });

  // Idle until the shell's jobs button asks for a first read (signed in), then polling while a job runs.
  const jobs = createActor(jobsMachine.provide(jobsActors(askWith(confirm))), { input: {}, inspect });
  jobs.on('jobs.ended', (ended) => ended.jobs.forEach((job) => void showSnackbar(endedNotice(job))));

  const actors = { session, language, sidebar, loadingBar, confirm, jobs };
  for (const actor of Object.values(actors)) actor.start();
  return actors;
}
