import { chromium } from '@playwright/test';
import { signIn, startLocalSupabase } from './scripts/lighthouse-signed-in.mjs';
const sb = await startLocalSupabase(process.cwd(), 24391);
const sessions = await signIn(sb.url, new Set(['member']));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const variants = {
  asis: (css) => css,
  sans: (css) => css.replace(/--font-sans:[^;]*/, '--font-sans:system-ui, sans-serif'),
  sansmono: (css) => css.replace(/--font-sans:[^;]*/, '--font-sans:system-ui, sans-serif').replace(/--font-mono:[^;]*/, '--font-mono:ui-monospace, Menlo, Consolas, monospace'),
  all: (css) => css.replace(/--font-sans:[^;]*/, '--font-sans:system-ui, sans-serif').replace(/--font-mono:[^;]*/, '--font-mono:ui-monospace, Menlo, Consolas, monospace').replace(/--font-serif:[^;]*/, '--font-serif:"Source Serif 4", Georgia, serif'),
};
const totals = {};
for (let rep = 0; rep < 4; rep++)
for (const [name, fix] of Object.entries(variants)) {
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await ctx.route(/account-link.*\.css$/, async (route) => { const r = await route.fetch(); await route.fulfill({ response: r, body: fix(await r.text()) }); });
  const page = await ctx.newPage();
  await page.goto('http://127.0.0.1:4998/robots.txt');
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), ['sb-127-auth-token', JSON.stringify(sessions.get('member'))]);
  const cdp = await ctx.newCDPSession(page); const events = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-fonts,fonts', transferMode: 'ReportEvents' });
  await page.goto('http://127.0.0.1:4998' + process.argv[2]);
  await page.waitForTimeout(2500);
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r)); await cdp.send('Tracing.end'); await done;
  sessions.set('member', JSON.parse(await page.evaluate((k) => localStorage.getItem(k), 'sb-127-auth-token')));
  const sum = (n) => events.filter((e) => e.name === n).reduce((a, e) => a + (e.dur ?? 0) / 1000, 0);
  const row = { layout: sum('Layout'), font: sum('FontCache::GetFontPlatformData'), match: sum('FontDataManager::onMatchFamilyStyle'), n: events.filter((e) => e.name === 'FontCache::GetFontPlatformData').length };
  if (rep > 0) for (const [k, v] of Object.entries(row)) (totals[name] ??= {})[k] = ((totals[name]?.[k]) ?? 0) + v / 3;
  await ctx.close();
}
for (const [name, t] of Object.entries(totals)) console.log(name.padEnd(8), Object.entries(t).map(([k, v]) => `${k} ${v.toFixed(1)}`).join('  '));
await browser.close(); sb.stop(); process.exit(0);
