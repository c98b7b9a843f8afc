import { useEffect, useState } from 'react';
import { useFeed } from '../../shared/useFeed';
import { watchMyAddresses, type AddressEntry } from '~/lib/withdrawal-addresses';

/** The member's address book, kept live; null until the first read. */
export function useMyAddresses(userId: string): AddressEntry[] | null {
  return useFeed(watchMyAddresses, userId, 'addresses-feed');
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
