import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/engine';

/** auth.flow_state (GoTrue's models.FlowState): a PKCE flow waiting for its code exchange. */
export interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: string;
  authentication_method: string;
  expired: boolean;
}

export async function createFlowState(
  q: Queryable,
  flow: { userId: string; codeChallengeMethod: string; codeChallenge: string; method: string },
): Promise<void> {
  await q.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, $6, now(), now(), $6)`,
    [randomUUID(), flow.userId, randomUUID(), flow.codeChallengeMethod, flow.codeChallenge, flow.method],
  );
}

/** Marks the user's newest flow for `method` as having issued its code; answers the code. */
export async function issueAuthCode(
  q: Queryable,
  userId: string,
  method: string,
): Promise<string | undefined> {
  const { rows } = await q.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                 order by created_at desc limit 1)
     returning auth_code`,
    [userId, method],
  );
  return rows[0]?.auth_code;
}

/** The flow holding this auth code, with whether it is older than `ttlSeconds`. */
export async function findFlowStateByAuthCode(
  q: Queryable,
  authCode: string,
  ttlSeconds: number,
): Promise<FlowStateRow | undefined> {
  const { rows } = await q.query<FlowStateRow>(
    `select id::text, user_id::text, code_challenge, code_challenge_method, authentication_method,
       (created_at + make_interval(secs => $2) < now()) as expired
     from auth.flow_state where auth_code = $1`,
    [authCode, ttlSeconds],
  );
  return rows[0];
}

export async function deleteFlowState(q: Queryable, flowId: string): Promise<void> {
  await q.query(`delete from auth.flow_state where id = $1`, [flowId]);
}
