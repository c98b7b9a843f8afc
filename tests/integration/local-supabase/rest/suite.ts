import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '../../../../supabase/local/server';
import { EngineHarness, client, restRequest, type Engine } from '../harness';
import { basicsSection } from './basics';
import type { RestContext } from './context';
import { depthSection } from './depth';
import { embeddingSection } from './embedding';
import { featuresSection } from './features';

/** The REST conformance suite on one engine: one server, driven through supabase-js and raw HTTP. */
export function restSuite(engine: Engine): void {
  const harness = new EngineHarness(engine);
  let server: LocalSupabase;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  beforeAll(async () => {
    server = await harness.server();
    anon = client(server);
    service = client(server, server.serviceRoleKey);
  });
  afterAll(async () => {
    await harness.stop();
  });
  const ctx: RestContext = {
    server: () => server,
    anon: () => anon,
    service: () => service,
    rest: (path, init = {}) => restRequest(server, path, init),
  };
  basicsSection(engine, ctx);
  embeddingSection(engine, ctx);
  featuresSection(engine, ctx);
  depthSection(engine, ctx);
}
