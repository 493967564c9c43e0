import type { ReactNode } from 'react';
import { ConfirmContext, type ConfirmService } from './services/confirm';
import { JobsContext, type JobsService } from './services/jobs';
import { LanguageContext, type LanguageService } from './services/language';
import { LoadingBarContext, type LoadingBarService } from './services/loadingBar';
import { SessionContext, type SessionService } from './services/session';
import { SidebarContext, type SidebarService } from './services/sidebar';

/** Every app-wide actor, each behind its own interface in src/app/services/ (docs/architecture.md). */
export interface AppServices {
  session: SessionService;
  language: LanguageService;
  sidebar: SidebarService;
  loadingBar: LoadingBarService;
  confirm: ConfirmService;
  jobs: JobsService;
}

/**
 * Hands each service to the components below through its own context. The app provides all of
 * them (src/main.tsx); a component test provides the ones its component reads.
 */
export function AppServicesProvider({ services, children }: { services: Partial<AppServices>; children: ReactNode }) {
  return (
    <SessionContext.Provider value={services.session ?? null}>
      <LanguageContext.Provider value={services.language ?? null}>
        <SidebarContext.Provider value={services.sidebar ?? null}>
          <LoadingBarContext.Provider value={services.loadingBar ?? null}>
            <ConfirmContext.Provider value={services.confirm ?? null}>
              <JobsContext.Provider value={services.jobs ?? null}>{children}</JobsContext.Provider>
            </ConfirmContext.Provider>
          </LoadingBarContext.Provider>
        </SidebarContext.Provider>
      </LanguageContext.Provider>
    </SessionContext.Provider>
  );
}
