import { useEffect, useState } from 'react';
import toast from '~/lib/toast';
import { watchMyAddresses, type AddressEntry } from '~/lib/withdrawal-addresses';

/** The member's address book, kept live; null until the first read. */
export function useMyAddresses(userId: string): AddressEntry[] | null {
  const [entries, setEntries] = useState<AddressEntry[] | null>(null);
  useEffect(
    () =>
      watchMyAddresses(userId, {
        onData: setEntries,
        onError: (error) => toast.error(error.message, { id: 'addresses-feed' }),
      }),
    [userId],
  );
  return entries;
}

/** Re-renders every 30 seconds, so countdowns move and an entry turns Active on time. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}
