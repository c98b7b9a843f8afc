/**
 * About Us, "Leadership": the people who run the firm. Same placeholder rule as
 * src/config/disclosures.ts: a `{ toFill }` value shows marked in development and fails a production
 * build (scripts/release-guard.mjs). Imports only types, so the guard can load it with Node alone.
 */
import type { Fillable } from '~/config/disclosures';

export interface Leader {
  /** Stable key for lists and tests. */
  slug: string;
  name: Fillable;
  role: Fillable;
  bio: Fillable;
}

export const leadershipIntro = {
  eyebrow: 'Leadership',
  title: 'Who runs the firm',
  lead: 'The people accountable for your assets, and what they have done before.',
} as const;

export const leadership: readonly Leader[] = [
  {
    slug: 'chief-executive',
    name: { toFill: 'Full name of the chief executive' },
    role: 'Chief Executive Officer',
    bio: { toFill: 'Two sentences: prior roles and years in markets' },
  },
  {
    slug: 'chief-risk-officer',
    name: { toFill: 'Full name of the head of risk' },
    role: 'Chief Risk Officer',
    bio: { toFill: 'Two sentences: prior roles and risk experience' },
  },
  {
    slug: 'head-of-custody',
    name: { toFill: 'Full name of the head of custody and operations' },
    role: 'Head of Custody and Operations',
    bio: { toFill: 'Two sentences: prior roles and custody experience' },
  },
];
