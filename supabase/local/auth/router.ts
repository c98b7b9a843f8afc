import type { GatewayRequest, Reply } from '../gateway/http';
import { adminRoutes } from './admin';
import { createAuth, type AuthContext, type Route } from './context';
import {
  API_VERSION,
  AuthError,
  ErrorCode,
  errorReply,
  internalError,
  notFound,
  payloadTooLarge,
  wantsModernErrors,
} from './errors';
import { identityRoutes } from './identities';
import { logoutRoutes } from './logout';
import { mfaRoutes } from './mfa';
import { otpRoutes } from './otp';
import { providerRoutes } from './providers';
import { recoverRoutes } from './recover';
import { resendRoutes } from './resend';
import { settingsRoutes } from './settings';
import { signupRoutes } from './signup';
import { tokenRoutes } from './token';
import { userRoutes } from './user';
import { matchPath, parameterCount, type PathParams } from './route-path';
import { verifyRoutes } from './verify';

export type { AuthContext } from './context';

const MAX_BODY_BYTES = 1 << 20;

/** Every /auth/v1 endpoint, one module per family as in GoTrue's internal/api. */
const ROUTES: Route[] = [
  ...settingsRoutes,
  ...signupRoutes,
  ...tokenRoutes,
  ...verifyRoutes,
  ...otpRoutes,
  ...recoverRoutes,
  ...resendRoutes,
  ...userRoutes,
  ...identityRoutes,
  ...logoutRoutes,
  ...adminRoutes,
  ...mfaRoutes,
  ...providerRoutes,
];

// Static routes before parameterised ones, so `/user/identities/authorize` is never an identity id.
const ORDERED = [...ROUTES].sort((a, b) => parameterCount(a.path) - parameterCount(b.path));

function findRoute(method: string, path: string): { route: Route; params: PathParams } | undefined {
  for (const route of ORDERED) {
    if (route.method !== method) continue;
    const params = matchPath(route.path, path);
    if (params) return { route, params };
  }
  return undefined;
}

/**
 * GoTrue's /auth/v1 endpoints as supabase-js calls them (protocol §4), storing everything in the
 * same auth.* tables GoTrue uses, so project triggers on auth.users fire as they would on Supabase.
 */
export function createAuthService(ctx: AuthContext): (req: GatewayRequest) => Promise<Reply> {
  const auth = createAuth(ctx);
  return async function handle(req: GatewayRequest): Promise<Reply> {
    try {
      // GoTrue reads at most 1 MiB of body; refusing larger ones here keeps them off the database.
      if (Buffer.byteLength(req.body, 'utf8') > MAX_BODY_BYTES) {
        throw payloadTooLarge(
          ErrorCode.requestEntityTooLarge,
          `Request body too large (max ${MAX_BODY_BYTES} bytes)`,
        );
      }
      const found = findRoute(req.method, req.path);
      if (!found) throw notFound(req);
      if (found.route.limit) auth.limits.check(found.route.limit, req);
      const reply = await found.route.handler(auth, req, found.params);
      if (wantsModernErrors(req)) {
        reply.headers = { ...reply.headers, 'x-supabase-api-version': API_VERSION };
      }
      return reply;
    } catch (error) {
      if (error instanceof AuthError) return errorReply(req, error);
      console.error('[local-supabase] auth error:', error);
      return errorReply(
        req,
        internalError(ErrorCode.unexpectedFailure, 'Unexpected failure, please check server logs'),
      );
    }
  };
}
