import { Suspense, useId } from 'react';
import type { FieldMessage } from '../../machines/entityForm.types';
import { useT } from '../i18n/i18n';
import { labelText } from './label';
import { fieldMessage } from './messages';
import { FieldFrameContext } from './context';
import { widgetFor } from './registry';
import type { FieldFrameProps } from './types';

const NO_ERRORS: FieldMessage[] = [];

/** A field in a form: label, the type's widget (lazy), help text and errors. */
export function FieldFrame({ name, field, value, onChange, errors = NO_ERRORS, nestedInvalid, disabled, language }: FieldFrameProps) {
  const t = useT();
  const id = `f${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const Widget = widgetFor(field.type);
  const invalid = errors.length > 0 || nestedInvalid;
  return (
    <div className="flex min-w-0 flex-col gap-1.5" data-field={name} data-invalid={invalid ? 'true' : undefined}>
      {field.type !== 'boolean' && (
        <label htmlFor={id} id={`${id}-label`} className="flex items-center gap-2 text-sm font-medium text-ink-muted">
          <span>{labelText(t, field.label)}</span>
          {field.required && (
            <span className="text-danger" aria-hidden="true">
              *
            </span>
          )}
          {field.translated && language && (
            <span className="rounded bg-surface-overlay px-1.5 text-[10px] uppercase tracking-wide text-ink-faint">{language}</span>
          )}
        </label>
      )}
      <Suspense fallback={<div className="h-9 animate-pulse rounded-md bg-surface-overlay" aria-hidden="true" />}>
        <FieldFrameContext.Provider value={FieldFrame}>
          <Widget name={name} field={field} value={value} onChange={onChange} errors={errors} disabled={disabled} id={id} language={language} />
        </FieldFrameContext.Provider>
      </Suspense>
      {field.help && <p className="text-xs text-ink-faint">{t(field.help)}</p>}
      {errors.map((m, i) => (
        <p key={i} className="text-xs text-danger" role="alert">
          {fieldMessage(t, m)}
        </p>
      ))}
    </div>
  );
}
