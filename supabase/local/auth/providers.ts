import type { GatewayRequest, Reply } from '../gateway/http';
import type { Auth, Route } from './context';
import { badRequest, ErrorCode, notFoundError, unprocessable } from './errors';
import { parseBody, stringField } from './request';

/**
 * Third-party sign-ins a local stack cannot offer (no provider credentials): the answers GoTrue gives
 * when each is disabled, so supabase-js reports the same errors as on a project without them.
 */

const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
};

/** grant_type=id_token: signInWithIdToken(). */
export async function idTokenGrant(_auth: Auth, req: GatewayRequest): Promise<Reply> {
  // GoTrue's IdTokenGrantParams; only the provider matters, as none is enabled.
  const provider = stringField(parseBody(req), 'provider');
  const issuer = ISSUERS[provider] ?? (provider.startsWith('https://') ? provider : undefined);
  if (!issuer) {
    throw badRequest(ErrorCode.validationFailed, `Custom OIDC provider "${provider}" not allowed`);
  }
  throw badRequest(ErrorCode.providerDisabled, `Provider (issuer "${issuer}") is not enabled`);
}

/** grant_type=web3: signInWithWeb3(). */
export function web3Grant(): Promise<Reply> {
  throw unprocessable(ErrorCode.web3ProviderDisabled, 'Web3 provider is disabled');
}

function samlDisabled(): Promise<Reply> {
  throw notFoundError(ErrorCode.samlProviderDisabled, 'SAML 2.0 is disabled');
}

/** GET /authorize: signInWithOAuth() redirects the browser here. */
function authorize(_auth: Auth, req: GatewayRequest): Promise<Reply> {
  const provider = req.query.get('provider') ?? '';
  if (!provider) throw badRequest(ErrorCode.validationFailed, 'Unsupported provider: ');
  throw badRequest(
    ErrorCode.validationFailed,
    `Unsupported provider: provider ${provider} could not be found`,
  );
}

export const providerRoutes: Route[] = [
  { method: 'GET', path: '/authorize', handler: authorize },
  { method: 'POST', path: '/sso', handler: samlDisabled },
  { method: 'GET', path: '/sso/saml/metadata', handler: samlDisabled },
];
