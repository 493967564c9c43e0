import { useMemo } from 'react';
import type { EntityDef } from '../../entities/define';
import { actionsOn } from '../../entities/permissions';
import { useSessionView } from '../app/services/session';
import { SINGLETON_ID } from '../http/entityActors';
import type { ScreenProps } from '../routing/types';
import { EntityForm } from './EntityForm';
import { siteLanguages } from './formValues';

/**
 * `/sitePages/<key>`: the site's one page of that kind in the generic entity form, in its
 * singleton mode (load, language tabs, Save and Ctrl+S, conflict dialog, leave guard; no
 * list, create or delete). The route guard has already checked view permission and, for
 * superuser-only pages, the superuser flag; the server checks both again.
 */
export default function SitePageScreen({ entity }: ScreenProps & { entity: EntityDef }) {
  const user = useSessionView((s) => s.user);
  const tenantLanguages = useSessionView((s) => s.tenant?.languages);
  const tenantDefault = useSessionView((s) => s.tenant?.default_language);
  const canChange = useMemo(() => actionsOn(user, entity.model).has('change'), [user, entity.model]);
  const languages = useMemo(() => siteLanguages(tenantLanguages, tenantDefault), [tenantLanguages, tenantDefault]);
  return (
    <EntityForm
      key={entity.name}
      entity={entity}
      detail={SINGLETON_ID}
      languages={languages}
      defaultLanguage={languages[0]}
      canChange={canChange}
      canDelete={false}
      onCreated={() => {}}
    />
  );
}
