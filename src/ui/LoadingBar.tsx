import { useSelector } from '@xstate/react';
import { useAppActors } from '../app/AppActors';

/** A thin bar at the top: creeps towards the end over the 5 s duration, then completes and fades. */
export function LoadingBar() {
  const state = useSelector(useAppActors().loadingBar, (s) => s.value as string);
  if (state === 'idle' || state === 'pending') return null;
  const completing = state === 'completing';
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      data-testid="loading-bar"
      className={`fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-brand transition-[transform,opacity] ${
        completing ? 'scale-x-100 opacity-0 duration-300' : 'animate-[loading_5s_ease-out_forwards]'
      }`}
    />
  );
}
