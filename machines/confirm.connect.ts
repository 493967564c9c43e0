import type { SnapshotFrom } from 'xstate';
import type { ConfirmEvent, confirmMachine } from './confirm.machine';

export type ConfirmSnapshot = SnapshotFrom<typeof confirmMachine>;

/** Snapshot + send → the confirm dialog's props: the question asked now (null when none) and its two answers. */
export function connectConfirm(snapshot: ConfirmSnapshot, send: (event: ConfirmEvent) => void) {
  const current = snapshot.context.current;
  return {
    open: snapshot.matches('open'),
    request: current && {
      title: current.title,
      question: current.question,
      approveLabel: current.approveLabel ?? null,
      dismissLabel: current.dismissLabel ?? null,
      danger: current.danger ?? false,
    },
    approve: () => send({ type: 'approve' }),
    dismiss: () => send({ type: 'dismiss' }),
  };
}

export type ConfirmProps = ReturnType<typeof connectConfirm>;
