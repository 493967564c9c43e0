import type { SnapshotFrom } from 'xstate';
import type { loadingBarMachine } from './loadingBar.machine';

export type LoadingBarSnapshot = SnapshotFrom<typeof loadingBarMachine>;

/** Snapshot → the bar's props: shown only past the throttle (docs/spec.md §9), and whether it is finishing (full, fading). */
export function connectLoadingBar(snapshot: LoadingBarSnapshot) {
  const completing = snapshot.matches('completing');
  return {
    visible: completing || snapshot.matches('visible'),
    completing,
  };
}

export type LoadingBarProps = ReturnType<typeof connectLoadingBar>;
