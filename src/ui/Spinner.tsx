/** A small spinning ring; pass a label when it is the only sign that something is loading. */
export function Spinner({ label, className = '' }: { label?: string; className?: string }) {
  return (
    <span role={label ? 'status' : undefined} className={`inline-flex items-center gap-2 ${className}`}>
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-ink-faint border-t-brand" aria-hidden="true" />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}
