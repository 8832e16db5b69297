import { chromium } from 'playwright-core';
import fs from 'node:fs';
const cj = fs.readFileSync('/tmp/cj', 'utf8').split('\n').filter((l) => l.includes('session_token'))[0].split('\t');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36' });
await ctx.addCookies([{ name: cj[5], value: cj[6], domain: '127.0.0.1', path: '/' }]);
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(`http://127.0.0.1:3999${process.argv[2] ?? '/customers'}`);
await page.waitForTimeout(6000);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas; const samples = profile.samples;
for (let i = 0; i < samples.length; i++) { const n = byId.get(samples[i]); const f = n.callFrame; const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`; self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000); }
// inclusive time for app functions
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (let i = 0; i < samples.length; i++) { const seen = new Set(); let id = samples[i]; while (id) { const f = byId.get(id).callFrame; const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`; if (!seen.has(key)) { incl.set(key, (incl.get(key) ?? 0) + (dt[i] ?? 0) / 1000); seen.add(key); } id = parent.get(id); } }
console.log('SELF', [...self].filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)')).sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(0)} ${k}`).join('\n'));
console.log('INCL', [...incl].filter(([k]) => k.includes('.js') ).sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${v.toFixed(0)} ${k}`).join('\n'));
await browser.close();
