import { json } from '../gateway/http';
import { jsonBody, requiredInteger, requiredStrings } from './body';
import type { Handler } from './context';
import { storageError } from './errors';
import { findObject, findObjectNames } from './models/object';
import { asCaller } from './scope';
import { checkExpiresIn, signDownloadToken } from './tokens';

/**
 * Signed URLs, as storage's getSignedURL and getSignedURLs routes make them: the object is looked
 * up as the caller, so only what its SELECT policies let it see can be signed (a hidden object is
 * "Object not found", or the per-path error of the batch), and the URL is the object path with a
 * token (tokens.ts).
 */
const MAX_PATHS = 1000;
const NOT_SIGNABLE = 'Either the object does not exist or you do not have access to it';

/** POST /object/sign/{bucket}/{key} { expiresIn } → { signedURL }. */
export const signUrl: Handler = async (ctx, req) => {
  const expiresIn = checkExpiresIn(requiredInteger(jsonBody(req.http.body), 'expiresIn', 1));
  const object = await asCaller(ctx.db, req.caller, req.scope, (tx) => findObject(tx, req.bucket, req.key));
  if (!object) throw storageError.noSuchKey();
  const url = `${req.bucket}/${req.key}`;
  const token = await signDownloadToken(ctx.jwtSecret, url, expiresIn);
  return json(200, { signedURL: `/object/sign/${url}?token=${token}` });
};

/** POST /object/sign/{bucket} { expiresIn, paths } → [{ error, path, signedURL }] in the order asked. */
export const signUrls: Handler = async (ctx, req) => {
  const body = jsonBody(req.http.body);
  const expiresIn = checkExpiresIn(requiredInteger(body, 'expiresIn', 1));
  const paths = requiredStrings(body, 'paths', { minItems: 1, maxItems: MAX_PATHS });
  const visible = await asCaller(ctx.db, req.caller, req.scope, (tx) =>
    findObjectNames(tx, req.bucket, paths),
  );
  const signed = await Promise.all(
    paths.map(async (path) => {
      if (!visible.has(path)) return { error: NOT_SIGNABLE, path, signedURL: null };
      const url = `${req.bucket}/${path}`;
      const token = await signDownloadToken(ctx.jwtSecret, url, expiresIn);
      return { error: null, path, signedURL: `/object/sign/${url}?token=${token}` };
    }),
  );
  return json(200, signed);
};
