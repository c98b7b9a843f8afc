import { json } from '../gateway/http';
import { jsonBody, requiredStrings } from './body';
import type { Handler } from './context';
import { deleteObjects } from './models/object';
import { asCaller } from './scope';

/**
 * DELETE /object/{bucket} { prefixes }: storage-js's remove(). The rows are deleted as the caller,
 * so its DELETE policies choose which go (the others are left without an error, as in storage);
 * the answer lists the deleted rows, and their files are removed once that has committed.
 */
export const remove: Handler = async (ctx, req) => {
  const names = requiredStrings(jsonBody(req.http.body), 'prefixes', { minItems: 1 });
  const deleted = await asCaller(ctx.db, req.caller, req.scope, (tx) => deleteObjects(tx, req.bucket, names));
  await ctx.blobs.delete(deleted.flatMap((object) => (object.version ? [object.version] : [])));
  return json(200, deleted);
};
