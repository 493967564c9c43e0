/** A thin determinate bar (0–100), or an indeterminate one while the amount is unknown. */
export function ProgressBar({
  percent,
  indeterminate = false,
  label,
  tone = 'brand',
}: {
  percent: number;
  indeterminate?: boolean;
  label: string;
  tone?: 'brand' | 'success' | 'danger';
}) {
  const color = tone === 'success' ? 'bg-success' : tone === 'danger' ? 'bg-danger' : 'bg-brand';
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={indeterminate ? undefined : value}
      className="h-1.5 w-full overflow-hidden rounded-full bg-surface-overlay"
    >
      <div
        className={`h-full rounded-full ${color} ${indeterminate ? 'w-1/3 animate-pulse' : 'transition-[width] duration-200'}`}
        style={indeterminate ? undefined : { width: `${value}%` }}
      />
    </div>
  );
}
