import { chromium } from '@playwright/test';
import fs from 'node:fs';
import { signIn, startLocalSupabase } from './scripts/lighthouse-signed-in.mjs';
const routes = process.argv.slice(2);
const sb = await startLocalSupabase(process.cwd(), 24391);
const sessions = await signIn(sb.url, new Set(['member', 'admin']));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const origin = 'http://127.0.0.1:4998';
for (const route of routes) {
  for (let rep = 0; rep < 2; rep++) {
    const ctx = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await ctx.newPage();
    await page.goto(origin + '/robots.txt');
    const role = route.startsWith('/admin') ? 'admin' : 'member';
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), ['sb-127-auth-token', JSON.stringify(sessions.get(role))]);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(origin + route, { waitUntil: 'load' });
    await page.waitForTimeout(4000);
    const { profile } = await cdp.send('Profiler.stop');
    sessions.set(role, JSON.parse(await page.evaluate((k) => localStorage.getItem(k), 'sb-127-auth-token')));
    if (rep === 1) {
      // self time per function
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const self = new Map();
      const dt = profile.timeDeltas; 
      for (let i = 0; i < profile.samples.length; i++) { const n = byId.get(profile.samples[i]); const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.replace(/^.*\//, '')}:${cf.lineNumber}:${cf.columnNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); }
      const byFile = new Map();
      for (const [k, v] of self) { const f = k.split(' ')[1]?.split(':')[0] ?? ''; byFile.set(f, (byFile.get(f) ?? 0) + v); }
      console.log('==', route);
      console.log([...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${(v / 1000).toFixed(0)}ms ${k || '(native)'}`).join('\n'));
      console.log('-- functions');
      console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / 1000).toFixed(1)}ms ${k}`).join('\n'));
      fs.writeFileSync(`/tmp/lh/prof${route.replace(/\W+/g, '_')}.cpuprofile`, JSON.stringify(profile));
    }
    await ctx.close();
  }
}
await browser.close();
sb.stop();
process.exit(0);
