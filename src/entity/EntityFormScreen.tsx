import { useMemo, useReducer, useState } from 'react';
import { entityActions, type EntityDef } from '../../entities/define';
import { useSession } from '../app/services/session';
import type { ScreenProps } from '../routing/types';
import NotFoundScreen from '../screens/NotFoundScreen';
import { EntityForm } from './EntityForm';
import { siteLanguages } from './formValues';

/**
 * `/<route>/<id>` and `/<route>/new` of any declared entity (issue 5). A create that
 * saves and stays rewrites the URL to the new id while the same form (and machine) stays.
 */
export default function EntityFormScreen({ entity, params }: ScreenProps & { entity: EntityDef }) {
  const detail = params.detail ?? 'new';
  const user = useSession((s) => s.context.user);
  const tenantLanguages = useSession((s) => s.context.tenant?.languages);
  const tenantDefault = useSession((s) => s.context.tenant?.default_language);
  const can = useMemo(() => entityActions(user, entity), [user, entity]);
  const languages = useMemo(() => siteLanguages(tenantLanguages, tenantDefault), [tenantLanguages, tenantDefault]);
  // The row a form opened as `new` created (its machine said so before the URL changed): that form stays mounted under its first key.
  const [created, setCreated] = useState<{ from: string; id: string } | null>(null);
  const key = created && created.id === detail ? created.from : detail;
  // A restore from the history changed the row under the form: a new form reads it.
  const [reloads, reload] = useReducer((n: number) => n + 1, 0);
  if (detail === 'new' && !can.has('add')) return <NotFoundScreen />;
  return (
    <EntityForm
      key={`${key}:${reloads}`}
      entity={entity}
      detail={key}
      languages={languages}
      defaultLanguage={languages[0]}
      canChange={detail === 'new' ? can.has('add') : can.has('change')}
      canDelete={can.has('delete')}
      onCreated={(id) => setCreated({ from: key, id })}
      onReload={reload}
    />
  );
}
