/**
 * The port's other TLS modes on real server processes listening on 0.0.0.0: HTTPS=off (plain only,
 * no gate), the owner's TLS_CERT/TLS_KEY (served as given; plain http from another device is sent to its
 * name), and PUBLIC_URL (a proxy in front does https: plain only, no gate). The test plays a phone with the
 * machine's own LAN IPv4 address; without one those parts are skipped.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tlsFiles } from '../../src/server/https/certificate-authority.ts';
import { phoneTexts } from '../../src/shared/texts/phone.ts';
import { APP_PAGE, lanAddress, portOf, stopServer, tempDirsForThisFile } from '../support/lan-server.ts';
import {
  callApi,
  type ServerProcess,
  signInOwner,
  spawnServerProcess,
  startServerProcess,
} from '../support/server-process.ts';
import {
  connectH2,
  h2Request,
  plainRequest,
  throwawayCertificate,
  tlsHandshake,
} from '../support/tls-client.ts';

const LAN = await lanAddress('https-modes');
const NO_LAN = !LAN;
const PUBLIC_URL = 'https://perler.example.dk';
const { tempDir, clientDir } = tempDirsForThisFile();

/** A server whose port speaks plain HTTP only: no TLS handshake happens, the app reaches a phone as before. */
function plainOnly(env: () => Record<string, string>, mode: 'off' | 'proxy') {
  let dataDir: string;
  let server: ServerProcess;
  let port: number;
  beforeAll(async () => {
    dataDir = tempDir('plain-');
    server = await startServerProcess(dataDir, { HOST: '0.0.0.0', CLIENT_DIST_DIR: clientDir(), ...env() });
    port = portOf(server);
  });
  afterAll(async () => {
    if (server) expect(await stopServer(server)).toBe(0);
  });

  it('speaks no TLS on the port and makes no DATA_DIR/tls', async () => {
    const handshake = await tlsHandshake('127.0.0.1', port, { servername: 'localhost' });
    expect(handshake.ok).toBe(false);
    expect(fs.existsSync(tlsFiles(dataDir).dir)).toBe(false);
    expect((await plainRequest('127.0.0.1', port, '/tls/naalepuden-rod.crt')).status).toBe(404);
  });

  it.skipIf(NO_LAN)('gives a phone on plain http the app, not the set-up page', async () => {
    const lan = LAN as string;
    const page = await plainRequest(lan, port, '/kunder');
    expect(page.status).toBe(200);
    expect(page.text).toBe(APP_PAGE);
    // The API as everywhere: a session is wanted, there is no plain-http refusal.
    const customers = await plainRequest(lan, port, '/api/customers');
    expect(customers.status).toBe(401);
    expect(JSON.parse(customers.text).code).toBe('UNAUTHORIZED');
  });

  it(`tells Indstillinger → Telefon it is '${mode}'`, async () => {
    const cookie = await signInOwner(server.url, mode === 'proxy' ? PUBLIC_URL : server.url);
    const phone = await (await callApi(server.url, cookie, 'GET', '/api/phone')).json();
    expect(phone).toMatchObject({ mode, rootFingerprint: null, certificateUrl: null, setupUrl: null });
    if (mode === 'proxy') expect(phone.appUrl).toBe(PUBLIC_URL);
    else if (LAN) expect(phone.appUrl).toBe(`http://${LAN}:${port}/`);
  });
}

describe('HTTPS=off', () => {
  plainOnly(() => ({ HTTPS: 'off' }), 'off');
});

describe('PUBLIC_URL=https://… (HTTPS unset): a proxy in front does https', () => {
  plainOnly(() => ({ PUBLIC_URL }), 'proxy');
});

describe("the owner's TLS_CERT/TLS_KEY", () => {
  const NAME = 'shop.example.test';
  let dataDir: string;
  let server: ServerProcess;
  let port: number;
  let own: Awaited<ReturnType<typeof throwawayCertificate>>;

  beforeAll(async () => {
    own = await throwawayCertificate(tempDir('own-cert-'), [NAME]);
    dataDir = tempDir('own-');
    server = await startServerProcess(dataDir, {
      HOST: '0.0.0.0',
      CLIENT_DIST_DIR: clientDir(),
      TLS_CERT: own.certFile,
      TLS_KEY: own.keyFile,
    });
    port = portOf(server);
  });
  afterAll(async () => {
    if (server) expect(await stopServer(server)).toBe(0);
  });

  it('serves that certificate over TLS, trusted for its name, and makes no DATA_DIR/tls', async () => {
    const handshake = await tlsHandshake('127.0.0.1', port, {
      ca: own.rootPem,
      servername: NAME,
      identity: NAME,
    });
    if (!handshake.ok) throw handshake.error;
    expect(handshake.authorized, handshake.error).toBe(true);
    expect(handshake.cert.fingerprint256).toBe(own.fingerprint);
    expect(fs.existsSync(tlsFiles(dataDir).dir)).toBe(false);
    expect((await plainRequest('127.0.0.1', port, '/tls/naalepuden-rod.crt')).status).toBe(404);
  });

  it('answers HTTP/2 at its name', async () => {
    const session = await connectH2('127.0.0.1', port, { ca: own.rootPem, servername: NAME });
    try {
      expect(session.alpnProtocol).toBe('h2');
      const page = await h2Request(session, '/kunder', { headers: { ':authority': `${NAME}:${port}` } });
      expect(page.status).toBe(200);
      expect(page.text).toBe(APP_PAGE);
    } finally {
      session.close();
    }
  });

  it.skipIf(NO_LAN)(
    'sends a phone on plain http to https://<its name>:<port>/<path> (308); the API gets 403',
    async () => {
      const lan = LAN as string;
      const page = await plainRequest(lan, port, '/kunder?fane=alle');
      expect(page.status).toBe(308);
      expect(page.headers.location).toBe(`https://${NAME}:${port}/kunder?fane=alle`);
      const api = await plainRequest(lan, port, '/api/customers');
      expect(api.status).toBe(403);
      expect(JSON.parse(api.text)).toEqual({ message: phoneTexts.httpsRequired, code: 'HTTPS_REQUIRED' });
    },
  );

  it('gives the laptop (loopback) on plain http the app', async () => {
    const page = await plainRequest('127.0.0.1', port, '/kunder');
    expect(page.status).toBe(200);
    expect(page.text).toBe(APP_PAGE);
  });

  it('tells Indstillinger → Telefon the https address at its name', async () => {
    const phone = await (
      await callApi(server.url, await signInOwner(server.url), 'GET', '/api/phone')
    ).json();
    expect(phone).toMatchObject({ mode: 'own', appUrl: `https://${NAME}:${port}/`, rootFingerprint: null });
  });
});

describe('TLS_CERT/TLS_KEY that cannot be used stop the start, naming them', () => {
  it('a key that is not the certificate’s', async () => {
    const a = await throwawayCertificate(tempDir('own-a-'), ['shop.example.test']);
    const b = await throwawayCertificate(tempDir('own-b-'), ['shop.example.test']);
    const dataDir = tempDir('own-mixed-');
    const run = await spawnServerProcess(dataDir, { TLS_CERT: a.certFile, TLS_KEY: b.keyFile });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('TLS_CERT/TLS_KEY:');
    expect(fs.existsSync(tlsFiles(dataDir).dir)).toBe(false);
  });

  it('a file that is not there', async () => {
    const a = await throwawayCertificate(tempDir('own-c-'), ['shop.example.test']);
    const missing = path.join(path.dirname(a.keyFile), 'findes-ikke.key');
    const run = await spawnServerProcess(tempDir('own-missing-'), { TLS_CERT: a.certFile, TLS_KEY: missing });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(`TLS_KEY: cannot read the file ${missing}`);
  });

  it('one without the other', async () => {
    const a = await throwawayCertificate(tempDir('own-d-'), ['shop.example.test']);
    const run = await spawnServerProcess(tempDir('own-half-'), { TLS_CERT: a.certFile });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('TLS_CERT and TLS_KEY must be set together');
  });
});
