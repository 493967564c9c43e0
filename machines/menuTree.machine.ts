import { setup } from 'xstate';
import { provided } from './actors';
import { confirmDeleteState } from './confirmDelete.state';
import type { ConfirmInput } from './shell.types';

/** A menu item by its place in the tree: `[0, 2]` is the third child of the first item. */
export type ItemPath = readonly number[];

export interface MenuTreeContext {
  /** The item asked about, with its label for the question. */
  pending: { path: ItemPath; label: string } | null;
}

export type MenuTreeEvent = { type: 'item.delete'; path: ItemPath; label: string };

/** Told to the field, which owns the tree value: this item goes. */
export type MenuTreeEmitted = { type: 'item.removed'; path: ItemPath };

const menuSetup = setup({
  types: {
    context: {} as MenuTreeContext,
    events: {} as MenuTreeEvent,
    emitted: {} as MenuTreeEmitted,
  },
  actors: {
    confirm: provided<boolean, ConfirmInput>('confirm'),
  },
});

/**
 * The menu tree field's delete (a site menu): an item goes only after the confirm dialog's
 * yes, with its children; the tree itself is the form's value, so the field removes it.
 */
export const menuTreeMachine = menuSetup.createMachine({
  id: 'menuTree',
  context: { pending: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'item.delete': { target: 'confirming', actions: menuSetup.assign({ pending: ({ event }) => ({ path: event.path, label: event.label }) }) } },
    },
    confirming: confirmDeleteState({
      question: ({ context }: { context: MenuTreeContext }) => ({
        title: 'fields.menu.deleteTitle',
        question: 'fields.menu.deleteQuestion',
        values: { label: context.pending?.label || '…' },
        danger: true,
      }),
      approved: [
        {
          target: 'idle',
          actions: [
            menuSetup.emit(({ context }) => ({ type: 'item.removed' as const, path: context.pending?.path ?? [] })),
            menuSetup.assign({ pending: null }),
          ],
        },
      ],
      declined: [{ target: 'idle', actions: menuSetup.assign({ pending: null }) }],
    }),
  },
});
