import { type ComponentType, createContext, useContext } from 'react';
import type { FieldMessage } from '../../machines/entityForm.types';
import type { FieldFrameProps } from './types';

const NONE: FieldMessage[] = [];

/**
 * What a form offers the widgets that hold other fields (repeater rows, menu items): the
 * errors of any nested path, and a change of one nested value by its own path, so only
 * that path's errors clear. Outside a form (a filter bar, a test) there is none.
 */
export interface FieldHost {
  /** A hook: the messages at `path` (re-renders the caller when they change). */
  useErrorsAt(path: string): FieldMessage[];
  /** A hook: whether anything under `path.` has errors. */
  useNestedInvalid(path: string): boolean;
  change(path: string, value: unknown): void;
}

export const FieldHostContext = createContext<FieldHost | null>(null);

const noHost: FieldHost = {
  useErrorsAt: () => NONE,
  useNestedInvalid: () => false,
  change: () => {},
};

export const useFieldHost = () => useContext(FieldHostContext);
export const useHostOrNone = () => useContext(FieldHostContext) ?? noHost;

/**
 * The frame a widget renders the fields it holds in (repeater rows). FieldFrame provides
 * itself: the widgets it loads through the registry do not import it back (no import circle).
 */
export const FieldFrameContext = createContext<ComponentType<FieldFrameProps> | null>(null);

export function useFieldFrame(): ComponentType<FieldFrameProps> {
  const frame = useContext(FieldFrameContext);
  if (!frame) throw new Error('a nested field is rendered outside a FieldFrame');
  return frame;
}
