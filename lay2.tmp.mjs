import { chromium } from '@playwright/test';
import fs from 'node:fs';
import { signIn, startLocalSupabase } from './scripts/lighthouse-signed-in.mjs';
const sb = await startLocalSupabase(process.cwd(), 24391);
const sessions = await signIn(sb.url, new Set(['member']));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (let rep = 0; rep < 2; rep++) {
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
const page = await ctx.newPage();
await page.goto('http://127.0.0.1:4998/robots.txt');
await page.evaluate(([k, v]) => localStorage.setItem(k, v), ['sb-127-auth-token', JSON.stringify(sessions.get('member'))]);
const cdp = await ctx.newCDPSession(page); const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink,fonts,disabled-by-default-fonts,loading', transferMode: 'ReportEvents' });
await page.goto('http://127.0.0.1:4998' + process.argv[2]);
await page.waitForTimeout(3000);
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r)); await cdp.send('Tracing.end'); await done;
sessions.set('member', JSON.parse(await page.evaluate((k) => localStorage.getItem(k), 'sb-127-auth-token')));
fs.writeFileSync('/tmp/lh/lay2-' + rep + '.json', JSON.stringify(events));
const lays = events.filter((e) => e.name === 'Layout' && e.dur > 4000);
for (const l of lays) {
  const inside = events.filter((e) => e.tid === l.tid && e.ts >= l.ts && e.ts <= l.ts + l.dur && e !== l && (e.dur ?? 0) > 300);
  const agg = new Map(); for (const e of inside) agg.set(e.name, (agg.get(e.name) ?? 0) + e.dur / 1000);
  console.log(rep, 'Layout', (l.dur / 1000).toFixed(1), l.args.beginData?.dirtyObjects, [...agg].sort((a,b)=>b[1]-a[1]).slice(0, 10).map(([k, v]) => k + ':' + v.toFixed(1)).join(' '));
}
await ctx.close();
}
await browser.close(); sb.stop(); process.exit(0);
