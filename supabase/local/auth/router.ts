import type { GatewayRequest, Reply } from '../gateway/http';
import { adminRoutes } from './admin';
import { createAuth, type AuthContext, type Route } from './context';
import { API_VERSION, AuthError, ErrorCode, errorReply, wantsModernErrors } from './errors';
import { identityRoutes } from './identities';
import { logoutRoutes } from './logout';
import { otpRoutes } from './otp';
import { providerRoutes } from './providers';
import { recoverRoutes } from './recover';
import { resendRoutes } from './resend';
import { settingsRoutes } from './settings';
import { signupRoutes } from './signup';
import { tokenRoutes } from './token';
import { userRoutes } from './user';
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
  ...providerRoutes,
];

function findRoute(method: string, path: string): Route | undefined {
  return (
    ROUTES.find((r) => r.method === method && r.path === path) ??
    ROUTES.find((r) => r.method === method && r.path.endsWith('/') && path.startsWith(r.path))
  );
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
        throw new AuthError(
          413,
          ErrorCode.requestEntityTooLarge,
          `Request body too large (max ${MAX_BODY_BYTES} bytes)`,
        );
      }
      const route = findRoute(req.method, req.path);
      if (!route) throw new AuthError(404, ErrorCode.notFound, `Not found: ${req.method} ${req.path}`);
      if (route.limit) auth.limits.check(route.limit, req);
      const reply = await route.handler(auth, req);
      if (wantsModernErrors(req)) {
        reply.headers = { ...reply.headers, 'x-supabase-api-version': API_VERSION };
      }
      return reply;
    } catch (error) {
      if (error instanceof AuthError) return errorReply(req, error);
      console.error('[local-supabase] auth error:', error);
      return errorReply(
        req,
        new AuthError(500, ErrorCode.unexpectedFailure, 'Unexpected failure, please check server logs'),
      );
    }
  };
}
