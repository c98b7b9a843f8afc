/**
 * A small, self-drawn line-icon set (24×24, stroke = currentColor). Kept as data so any component
 * can render it without an image request or an icon library.
 */
// The icons islands draw, on their own: an island imports these three, not the whole set, so the
// set stays out of member and admin pages' first load (tests/budgets.json).
export const bell = 'M6 16v-5a6 6 0 0 1 12 0v5l2 2H4zm4 4h4';
export const plusminus = 'M12 4v8M8 8h8M7 18h10';
export const history = 'M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4m4-1v5l3 2';

export const icons = {
  lending: 'M4 10h16M6 10v8m4-8v8m4-8v8m4-8v8M3 20h18M12 3l9 5H3z',
  portfolio: 'M4 19V5m0 14h16M8 15l3-4 3 2 5-6',
  advisory: 'M12 3a6 6 0 0 1 3.5 10.9V17h-7v-3.1A6 6 0 0 1 12 3zm-2.5 17h5',
  wealth: 'M12 3l7 4v5c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V7zm-3 9l2 2 4-4',
  liquidity: 'M12 3c3.5 4.3 6 7.6 6 10.5a6 6 0 0 1-12 0C6 10.6 8.5 7.3 12 3z',
  exchange: 'M4 8h13l-3-3m6 11H7l3 3',
  protocol: 'M8 6l-5 6 5 6m8-12l5 6-5 6m-3-13l-2 14',
  shield: 'M12 3l7 3v6c0 4.5-3 7.6-7 9-4-1.4-7-4.5-7-9V6z',
  client: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
  execution: 'M13 3L5 14h6l-1 7 8-11h-6z',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm-9-9h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  lock: 'M6 11h12v9H6zm2 0V8a4 4 0 0 1 8 0v3',
  dashboard: 'M4 4h7v7H4zm9 0h7v4h-7zm0 6h7v10h-7zM4 13h7v7H4z',
  savings:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm2.8-12.2c-.6-.8-1.6-1.3-2.8-1.3-1.7 0-2.8.9-2.8 2.1 0 2.9 5.6 1.6 5.6 4.6 0 1.2-1.2 2.2-2.8 2.2-1.3 0-2.4-.6-3-1.5M12 6v1.5m0 9V18',
  document: 'M7 3h7l4 4v14H7zm7 0v4h4M10 12h5m-5 4h5',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm5-2l5 5',
  handshake: 'M3 12l4-4 5 2 5-2 4 4-5 5-4-3-4 3zm6-2l-2 3',
  check: 'M5 12l5 5 9-10',
  bell,
  pencil: 'M4 20h4L19 9l-4-4L4 16zm9-13l4 4',
  plusminus,
  history,
  key: 'M8 15a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm4-4h9m-3 0v3m-3-3v2',
  approval:
    'M9 12l2 2 4-4M12 3l2.4 1.8 3-.2.9 2.9 2.5 1.7-1 2.8 1 2.8-2.5 1.7-.9 2.9-3-.2L12 21l-2.4-1.8-3 .2-.9-2.9-2.5-1.7 1-2.8-1-2.8 2.5-1.7.9-2.9 3 .2z',
  market: 'M4 20V10m5 10V4m5 16v-7m5 7V8',
  onramp: 'M4 17h6l4-10h6M16 4l4 3-4 3',
  risk: 'M12 4l9 16H3zm0 6v4m0 3v.5',
  vision: 'M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6-10-6-10-6zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  mission:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zm0-4a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0-4a1 1 0 1 0 0-2 1 1 0 0 0 0 2z',
  team: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm7 0a3 3 0 1 0 0-6M3 20a6 6 0 0 1 12 0m2-6a5 5 0 0 1 4 6',
  edge: 'M3 17l6-6 4 4 8-8m-5 0h5v5',
  arrow: 'M5 12h14m-5-5l5 5-5 5',
  mail: 'M3 6h18v12H3zm0 0l9 7 9-7',
  chat: 'M4 5h16v11H9l-5 4z',
  pin: 'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
} as const;

export type IconName = keyof typeof icons;
