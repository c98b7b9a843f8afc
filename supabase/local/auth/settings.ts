import { json, type Reply } from '../gateway/http';
import type { Auth, Route } from './context';

// GoTrue's ProviderSettings: every one exists in the answer, none can be configured locally.
const THIRD_PARTY_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
];

/** GET /settings: what auth-js and the dashboard read to know which sign-ins exist. */
function settings(auth: Auth): Promise<Reply> {
  const cfg = auth.config;
  return Promise.resolve(
    json(200, {
      external: {
        ...Object.fromEntries(THIRD_PARTY_PROVIDERS.map((name) => [name, false])),
        anonymous_users: cfg.enableAnonymousSignIns,
        email: cfg.emailEnableSignup,
        phone: false,
      },
      disable_signup: !cfg.enableSignup,
      mailer_autoconfirm: !cfg.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
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
