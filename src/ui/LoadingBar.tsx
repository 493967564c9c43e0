import { useLoadingBar } from '../app/services/loadingBar';

/** A thin bar at the top: creeps towards the end over the 5 s duration, then completes and fades. */
export function LoadingBar() {
  const { visible, completing } = useLoadingBar();
  if (!visible) return null;
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
