import { Fragment, useEffect, type ReactNode } from 'react';
import LoadingCards from '../../shared/LoadingCards';
import { useLoad } from '../../shared/useLoad';

/** A live queue of open proposals, oldest first: loads, re-reads on every change, renders each. */
export default function LiveQueue<T extends { id: string }>({
  load,
  watch,
  label,
  empty,
  render,
}: {
  load: () => Promise<T[]>;
  watch: (onChange: () => void) => () => void;
  label: string;
  empty: string;
  render: (item: T, reload: () => void) => ReactNode;
}) {
  const { data, error, reload } = useLoad(load, 'Could not load the proposals.');
  useEffect(() => watch(reload), [watch, reload]);

  if (error && !data) {
    return (
      <p role="alert" className="text-danger-600">
        {error}
      </p>
    );
  }
  if (!data) return <LoadingCards label="Loading proposals" />;
  if (data.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ol className="space-y-4" aria-label={label}>
      {data.map((item) => (
        <Fragment key={item.id}>{render(item, reload)}</Fragment>
      ))}
    </ol>
  );
}
