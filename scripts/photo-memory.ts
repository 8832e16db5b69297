/**
 * `npx tsx scripts/photo-memory.ts [--photos 10] [--megapixels 12] [--files-per-upload 1]`: how much memory
 * the server takes while many bead photos arrive at once (decision 0016). Not a test: it starts the real
 * server (`serve.ts`, production mode, SQLite) on a fresh data folder, signs in, makes one bead per upload,
 * sends all uploads at the same moment, each a camera-sized JPEG of its own, and reads the server process's
 * resident memory from /proc while they are processed: the peak (VmHWM, the kernel's own high-water mark)
 * against the goal of 400 MB, and the sampled peak of the uploads alone. Linux only (/proc).
 *
 * The server gets the environment `npm start` gives it (package.json's start script sets MALLOC_ARENA_MAX=2:
 * glibc otherwise keeps a heap per thread that decoded a picture, decision 0016); `--glibc-default` measures
 * without it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { multipartBody } from '../tests/support/multipart.ts';
import { callApi, signInOwner, startServerProcess } from '../tests/support/server-process.ts';

const { values } = parseArgs({
  options: {
    photos: { type: 'string', default: '10' },
    megapixels: { type: 'string', default: '12' },
    'files-per-upload': { type: 'string', default: '1' },
    'glibc-default': { type: 'boolean', default: false },
  },
});

/** The variables package.json's start script sets before it starts the server (`NAME=value` words). */
function startScriptEnv(): Record<string, string> {
  const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const env: Record<string, string> = {};
  for (const word of (pkg.scripts.start ?? '').split(/\s+/)) {
    const match = /^([A-Z_]+)=(.*)$/.exec(word);
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}
const UPLOADS = Number(values.photos);
const PER_UPLOAD = Number(values['files-per-upload']);
const WIDTH = Math.round(Math.sqrt((Number(values.megapixels) * 1e6 * 4) / 3));
const HEIGHT = Math.round((WIDTH * 3) / 4);
const GOAL_MB = 400;

/** The process's memory figure `field` (VmRSS now, VmHWM the peak since it started), in MB. */
function memoryOf(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** A camera's JPEG: a textured scene with grain, so it weighs what a phone's 12-megapixel photo does. */
async function cameraPhoto(seed: number): Promise<Buffer> {
  const circles = Array.from({ length: 40 }, (_, i) => {
    const x = (seed * 977 + i * 613) % WIDTH;
    const y = (seed * 389 + i * 271) % HEIGHT;
    return `<circle cx="${x}" cy="${y}" r="${120 + ((i * 37) % 260)}" fill="hsl(${(seed * 40 + i * 23) % 360},60%,55%)"/>`;
  }).join('');
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#e8e0d4"/>${circles}</svg>`,
  );
  const grain = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(scene)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-memory-'));
console.info(`Making ${UPLOADS * PER_UPLOAD} photos of ${WIDTH} × ${HEIGHT} …`);
const files = await Promise.all(Array.from({ length: UPLOADS * PER_UPLOAD }, (_, i) => cameraPhoto(i + 1)));
const sizes = files.map((file) => file.length / 1024 / 1024);
console.info(`  JPEG files of ${Math.min(...sizes).toFixed(1)}–${Math.max(...sizes).toFixed(1)} MB`);

const serverEnv = values['glibc-default'] ? {} : startScriptEnv();
if (values['glibc-default']) delete process.env.MALLOC_ARENA_MAX;
console.info(`Server environment from the start script: ${JSON.stringify(serverEnv)}`);
const server = await startServerProcess(dataDir, serverEnv);
const pid = server.child.pid;
if (pid === undefined) throw new Error('no server process');
try {
  const cookie = await signInOwner(server.url);
  const beads: string[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    const response = await callApi(server.url, cookie, 'POST', '/api/beads', {
      name: `Hukommelse ${i + 1}`,
      priceOre: 5000,
    });
    beads.push((await response.json()).id);
  }
  // A warm server: one photo through the whole path first, so the figures are the uploads', not a first start's.
  const warm = await callApi(server.url, cookie, 'POST', '/api/beads', {
    name: 'Opvarmning',
    priceOre: 5000,
  });
  const warmBody = multipartBody([{ data: await cameraPhoto(999) }]);
  await fetch(`${server.url}/api/beads/${(await warm.json()).id}/photos`, {
    method: 'POST',
    headers: { ...warmBody.headers, cookie, origin: server.url },
    body: warmBody.payload,
  });
  const before = { rss: memoryOf(pid, 'VmRSS'), hwm: memoryOf(pid, 'VmHWM') };

  let sampledPeak = before.rss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(pid, 'VmRSS'));
  }, 10);
  const started = performance.now();
  const answers = await Promise.all(
    beads.map((beadId, i) => {
      const body = multipartBody(files.slice(i * PER_UPLOAD, (i + 1) * PER_UPLOAD).map((data) => ({ data })));
      return fetch(`${server.url}/api/beads/${beadId}/photos`, {
        method: 'POST',
        headers: { ...body.headers, cookie, origin: server.url, 'idempotency-key': crypto.randomUUID() },
        body: body.payload,
      }).then((response) => response.status);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = { rss: memoryOf(pid, 'VmRSS'), hwm: memoryOf(pid, 'VmHWM') };

  const mb = (x: number) => `${x.toFixed(0)} MB`;
  console.info(
    `\n${UPLOADS} uploads at once (${PER_UPLOAD} photo${PER_UPLOAD > 1 ? 's' : ''} each, ${values.megapixels} MP JPEG), answers: ${answers.join(', ')}`,
  );
  console.info(`  all answered in ${seconds.toFixed(1)} s`);
  console.info(`  server RSS before: ${mb(before.rss)} (peak since start ${mb(before.hwm)})`);
  console.info(
    `  server RSS, sampled peak during the uploads: ${mb(sampledPeak)} (+${mb(sampledPeak - before.rss)})`,
  );
  console.info(`  server peak RSS (VmHWM): ${mb(after.hwm)}, after: ${mb(after.rss)}`);
  console.info(`  goal: under ${GOAL_MB} MB: ${after.hwm < GOAL_MB ? 'met' : 'NOT met'}`);
  if (answers.some((status) => status !== 201)) process.exitCode = 1;
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
}
