import { useEffect, useState } from 'react';
import toast from '~/lib/toast';
import { watchMyRequests, type RequestsSnapshot } from '~/lib/requests';

/** The member's requests and withdrawable balance, kept live; null until the first read. */
export function useMyRequests(userId: string): RequestsSnapshot | null {
  const [snapshot, setSnapshot] = useState<RequestsSnapshot | null>(null);
  useEffect(
    () =>
      watchMyRequests(userId, {
        onData: setSnapshot,
        onError: (error) => toast.error(error.message, { id: 'requests-feed' }),
      }),
    [userId],
  );
  return snapshot;
}
