/**
 * The placeholder every member and admin list shows while its data loads: card-shaped pulses in the
 * list's own layout (so nothing jumps when the data arrives), announced once as `label`.
 */
export default function LoadingCards({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className="space-y-4">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card h-28 animate-pulse bg-mist-100" aria-hidden="true" />
      ))}
    </div>
  );
}
