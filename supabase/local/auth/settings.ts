import { json, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';

/** GET /settings: what auth-js and the dashboard read to know which sign-ins exist. */
function settings(auth: Auth): Promise<Reply> {
  const cfg = auth.config;
  return Promise.resolve(
    json(200, {
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: !cfg.enableSignup,
      mailer_autoconfirm: !cfg.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );
}

const health = (): Promise<Reply> =>
  Promise.resolve(
    json(200, { version: 'local', name: 'GoTrue', description: 'Local Supabase-compatible auth' }),
  );

// Only HS256 keys are used locally, and those are never published.
const jwks = (): Promise<Reply> => Promise.resolve(json(200, { keys: [] }));

export const settingsRoutes: Route[] = [
  { method: 'GET', path: '/health', handler: health },
  { method: 'GET', path: '/settings', handler: settings },
  { method: 'GET', path: '/.well-known/jwks.json', handler: jwks },
];
