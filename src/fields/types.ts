import type { Field } from '../../entities/fields';
import type { FieldMessage } from '../../machines/entityForm.types';

/**
 * What every form field widget receives (src/fields/<Type>Field.tsx). The form machine
 * owns the value; a widget renders it and reports changes, nothing more.
 */
export interface FieldWidgetProps<V = unknown, F extends Field = Field> {
  /** Path of the value in the form, e.g. `gallery`, `translations.it.title`, `specs.2.value`. */
  name: string;
  /** The declaration from entities/. */
  field: F;
  value: V;
  onChange: (value: V) => void;
  /** Server or client messages for this path (src/fields/messages.ts shows them). */
  errors?: FieldMessage[];
  disabled?: boolean;
  /** For <label htmlFor>. */
  id: string;
  /** The language tab a translated field is shown in. */
  language?: string;
}

/** A field in a form as src/fields/FieldFrame.tsx renders it: label, widget, help text, errors. */
export interface FieldFrameProps {
  name: string;
  field: Field;
  value: unknown;
  onChange: (value: unknown) => void;
  errors?: FieldMessage[];
  /** Something under this field (a repeater row) has errors. */
  nestedInvalid?: boolean;
  disabled?: boolean;
  language?: string;
}
