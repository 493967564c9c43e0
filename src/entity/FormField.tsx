import { useSelector } from '@xstate/react';
import type { Field } from '../../entities/fields';
import { errorsAt, getIn } from '../../machines/entityForm.helpers';
import type { FieldMessage } from '../../machines/entityForm.types';
import { FieldFrame } from '../fields/FieldFrame';
import type { FormActor } from './useEntityForm';

const NONE: FieldMessage[] = [];
/** Fields that need the full width of a two-column group. */
const WIDE = new Set(['textarea', 'richtext', 'repeater', 'seo', 'map', 'menuTree', 'mediaMany', 'permissions']);

/** One field of the form: it selects only its own value and errors from the machine. */
export function FormField({
  actor,
  name,
  field,
  path,
  language,
  readOnly,
}: {
  actor: FormActor;
  name: string;
  field: Field;
  path: string;
  language?: string;
  readOnly: boolean;
}) {
  const value = useSelector(actor, (s) => getIn(s.context.values, path));
  const errors = useSelector(actor, (s) => s.context.errors[path] ?? NONE);
  const nested = useSelector(actor, (s) => errorsAt(s.context.errors, path).nested);
  return (
    <div className={WIDE.has(field.type) ? 'sm:col-span-2' : ''} data-form-field={name}>
      <FieldFrame
        name={path}
        field={field}
        value={value}
        errors={errors}
        nestedInvalid={nested}
        disabled={readOnly}
        language={language}
        onChange={(v) => actor.send({ type: 'field.change', path, value: v })}
      />
    </div>
  );
}

/** The form's field host (src/fields/context.ts): nested widgets read errors and change values by path. */
export function formFieldHost(actor: FormActor) {
  return {
    useErrorsAt: (path: string) => useSelector(actor, (s) => s.context.errors[path] ?? NONE),
    useNestedInvalid: (path: string) => useSelector(actor, (s) => errorsAt(s.context.errors, path).nested),
    change: (path: string, value: unknown) => actor.send({ type: 'field.change', path, value }),
  };
}
