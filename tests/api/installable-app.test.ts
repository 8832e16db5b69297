/**
 * the installable app: the service worker, its workbox runtime and the web app manifest are served
 * with the content types browsers require, never cached by HTTP (a new sw.js must reach the browser's update
 * check at once), and the Content-Security-Policy lets the worker and the manifest load from the app itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/server/app.ts';
import { testConfig } from '../support/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-db.ts';

describe('the installable app’s files', () => {
  const config = testConfig();
  const dist = path.join(config.dataDir, 'client');
  let app: App;
  let database: TestDatabase;
  const sw = `importScripts();${'/* perle */'.repeat(200)}`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'icons'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Nålepuden</title>');
    fs.writeFileSync(path.join(dist, 'sw.js'), sw);
    fs.writeFileSync(path.join(dist, 'sw.js.br'), zlib.brotliCompressSync(sw));
    fs.writeFileSync(path.join(dist, 'workbox-1a2b3c4d.js'), 'self.define = () => {};');
    fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Nålepuden' }));
    fs.writeFileSync(path.join(dist, 'icons', 'icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
    database = await createTestDatabase('sqlite');
    app = await buildApp({ config: { ...config, clientDistDir: dist }, database, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('sw.js: JavaScript, no-cache, precompressed', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(sw);
  });

  it('the workbox runtime: JavaScript, no-cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/workbox-1a2b3c4d.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('manifest.webmanifest: application/manifest+json, no-cache', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ name: 'Nålepuden' });
  });

  it('icons are PNGs', async () => {
    const response = await app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it('the policy lets the page load its worker and manifest from itself, and nothing else', async () => {
    const response = await app.inject({ method: 'GET', url: '/pillow' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("worker-src 'self'");
    expect(policy).toContain("manifest-src 'self'");
    expect(policy).toContain("script-src 'self';");
  });

  it('a missing file under /api/ stays a JSON 404, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/sw.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
