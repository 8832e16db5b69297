import { chromium } from 'playwright-core';
import fs from 'node:fs';
const cj = fs.readFileSync('/tmp/cj', 'utf8').split('\n').filter((l) => l.includes('session_token'))[0].split('\t');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36' });
await ctx.addCookies([{ name: cj[5], value: cj[6], domain: '127.0.0.1', path: '/' }]);
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const path = process.argv[2] ?? '/customers';
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
await page.goto(`http://127.0.0.1:3999${path}`);
await page.waitForTimeout(7000);
const buf = await browser.stopTracing();
const events = JSON.parse(buf.toString()).traceEvents;
const main = events.filter((e) => e.name === 'RunTask' && e.dur > 40000);
const tid = new Map();
for (const t of main) {
  const kids = events.filter((e) => e.tid === t.tid && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && e.ph === 'X' && e !== t && e.dur > 3000);
  const summary = {};
  for (const k of kids) { const key = k.name + (k.args?.data?.url ? ' ' + k.args.data.url.split('/').pop() : '') + (k.args?.data?.functionName ? ' ' + k.args.data.functionName : ''); summary[key] = Math.max(summary[key] ?? 0, k.dur / 1000); }
  console.log('TASK', ((t.ts - main[0].ts) / 1000).toFixed(0), 'ms', (t.dur / 1000).toFixed(0), 'ms', JSON.stringify(Object.entries(summary).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k}:${v.toFixed(0)}`)));
}
await browser.close();
