import { createContext, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { connectConfirm, type ConfirmProps } from '../../../machines/confirm.connect';
import type { confirmMachine, ConfirmRequest } from '../../../machines/confirm.machine';
import { useConnect } from '../../ui/useConnect';
import { useProvided } from './provided';

/** The app's one confirm dialog (docs/spec.md §1/§5): questions queue and are asked one at a time. */
export type ConfirmService = ActorRefFrom<typeof confirmMachine>;

/** Asks the user a yes/no question; settles with their answer. What screens and machines depend on. */
export type AskConfirm = (request: ConfirmRequest) => Promise<boolean>;

export const ConfirmContext = createContext<ConfirmService | null>(null);

const useConfirmService = () => useProvided(ConfirmContext, 'confirm');

/** The question the dialog shows now, and its answers. */
export function useConfirmView<T>(pick: (props: ConfirmProps) => T): T {
  return useConnect(useConfirmService(), connectConfirm, pick);
}

/** An `AskConfirm` over the dialog's actor, for app-wide actors that ask (startApp). */
export const askWith =
  (confirm: ConfirmService): AskConfirm =>
  (request) =>
    new Promise((reply) => confirm.send({ type: 'ask', ...request, reply }));

/** A stable `AskConfirm` over the app's dialog. */
export function useConfirm(): AskConfirm {
  const confirm = useConfirmService();
  return useMemo(() => askWith(confirm), [confirm]);
}
