// Ports and folders for one browser-test run. Each is overridable so that parallel runs
// (and a developer's `npm run dev` on 4321/54321) never collide.
export const sitePort = Number(process.env.E2E_SITE_PORT ?? 4400);
export const supabasePort = Number(process.env.E2E_SUPABASE_PORT ?? 24400);
export const siteUrl = `http://127.0.0.1:${sitePort}`;
export const supabaseUrl = `http://127.0.0.1:${supabasePort}`;
export const outDir = process.env.E2E_OUT_DIR ?? `dist-e2e-${sitePort}`;
