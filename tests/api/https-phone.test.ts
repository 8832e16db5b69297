/**
 * HTTPS on the shop's network with the shop's own root, on a real server process listening on
 * 0.0.0.0. The test plays the laptop (loopback) and a phone: the machine's own non-loopback IPv4 address,
 * which the server sees as another device. One port: plain HTTP and TLS (HTTP/2, HTTP/1.1 fallback).
 *
 * The phone's part needs a non-loopback IPv4 address on this machine; without one it is skipped (and says so).
 */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprintOf, tlsFiles } from '../../src/server/https/certificate-authority.ts';
import { machineNames } from '../../src/server/https/machine-names.ts';
import { phoneTexts } from '../../src/shared/texts/phone.ts';
import { APP_PAGE, lanAddress, portOf, stopServer, tempDirsForThisFile } from '../support/lan-server.ts';
import { spellings } from '../support/path-spellings.ts';
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
  httpsRequest,
  keyTraces,
  plainRequest,
  tlsHandshake,
} from '../support/tls-client.ts';

const LAN = await lanAddress('https-phone');
const NO_LAN = !LAN;
const CUSTOMER = 'Hemmelig Kundesen';
const { tempDir, clientDir } = tempDirsForThisFile();

/** A raw HTTP/1.1-over-TLS connection to 127.0.0.1 (as 'localhost'), to hold it idle or send a request in pieces. */
function rawTls(port: number, ca: string) {
  const socket = tls.connect({
    host: '127.0.0.1',
    port,
    ca,
    servername: 'localhost',
    ALPNProtocols: ['http/1.1'],
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  socket.on('error', () => {});
  return {
    socket,
    ready: new Promise<void>((resolve) => socket.once('secureConnect', () => resolve())),
    closed: new Promise<void>((resolve) => socket.once('close', () => resolve())),
    received: () => received,
    waitFor: async (text: string, ms = 5000) => {
      const deadline = Date.now() + ms;
      while (!received.includes(text) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return received.includes(text);
    },
  };
}
const rootPemOf = (dataDir: string) => fs.readFileSync(tlsFiles(dataDir).rootCert, 'utf8');

describe("the shop's own https (a real server process on 0.0.0.0)", () => {
  let dataDir: string;
  let server: ServerProcess;
  let port: number;
  let cookie: string;
  let rootPem: string;

  beforeAll(async () => {
    dataDir = tempDir('https-');
    server = await startServerProcess(dataDir, {
      HOST: '0.0.0.0',
      CLIENT_DIST_DIR: clientDir(),
      LOG_LEVEL: 'info',
    });
    port = portOf(server);
    cookie = await signInOwner(server.url);
    const created = await callApi(server.url, cookie, 'POST', '/api/customers', { name: CUSTOMER });
    expect(created.status).toBe(201);
    rootPem = rootPemOf(dataDir);
  });
  afterAll(async () => {
    if (server) await stopServer(server);
  });

  describe('DATA_DIR/tls', () => {
    it('holds the root and a server certificate for every address of the machine', () => {
      const files = tlsFiles(dataDir);
      const root = new X509Certificate(rootPem);
      expect(root.ca).toBe(true);
      const leaf = new X509Certificate(fs.readFileSync(files.serverCert));
      expect(leaf.checkIssued(root)).toBe(true);
      const names = machineNames();
      for (const ip of names.ips) expect(leaf.checkIP(ip), ip).toBe(ip);
      for (const dns of names.dns) expect(leaf.checkHost(dns), dns).toBe(dns);
      expect(server.output()).toContain('issued a new server certificate');
    });

    it.skipIf(process.platform === 'win32')('keeps the keys 0600 in a 0700 folder', () => {
      const files = tlsFiles(dataDir);
      expect(fs.statSync(files.dir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(files.rootKey).mode & 0o777).toBe(0o600);
      expect(fs.statSync(files.serverKey).mode & 0o777).toBe(0o600);
    });
  });

  describe('the laptop itself (loopback) on plain http', () => {
    it('gets the app and the API as before', async () => {
      const health = await plainRequest('127.0.0.1', port, '/api/health');
      expect(health.status).toBe(200);
      const page = await plainRequest('127.0.0.1', port, '/kunder');
      expect(page.status).toBe(200);
      expect(page.text).toBe(APP_PAGE);
      const customers = await plainRequest('127.0.0.1', port, '/api/customers', { headers: { cookie } });
      expect(customers.status).toBe(200);
      expect(customers.text).toContain(CUSTOMER);
      expect((await plainRequest('127.0.0.1', port, '/api/customers')).status).toBe(401);
    });

    it('is not answered by the probe, which says yes over https only', async () => {
      expect((await plainRequest('127.0.0.1', port, '/tls/probe')).status).toBe(404);
    });
  });

  describe.skipIf(NO_LAN)("a phone on the shop's network on plain http", () => {
    const lan = LAN as string;

    it("gets 'Sæt telefonen op' for any page, with its own CSP that lets it probe https://<host>", async () => {
      for (const pathname of ['/', '/kunder', '/ordrer/123?x=1', '/sw.js']) {
        const page = await plainRequest(lan, port, pathname);
        expect(page.status, pathname).toBe(200);
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.text).toContain('Sæt telefonen op');
        expect(page.text).not.toContain('Nålepuden-appen');
        expect(page.headers['cache-control']).toBe('no-store');
        const csp = String(page.headers['content-security-policy']);
        expect(csp).toContain(`connect-src 'self' https://${lan}:${port}`);
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
      }
      const page = await plainRequest(lan, port, '/');
      // The root's fingerprint, to compare with what the phone shows.
      const fingerprint = new X509Certificate(rootPem).fingerprint256;
      expect(page.text.replaceAll('<wbr>', '')).toContain(fingerprint);
      expect(page.text).toContain('href="/tls/naalepuden.mobileconfig"');
      expect(page.text).toContain('href="/tls/naalepuden-rod.crt"');
    });

    it('gets no data from the API, signed in or not: 403 HTTPS_REQUIRED in Danish', async () => {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const response = await plainRequest(lan, port, '/api/customers', { headers });
        expect(response.status).toBe(403);
        expect(JSON.parse(response.text)).toEqual({
          message: phoneTexts.httpsRequired,
          code: 'HTTPS_REQUIRED',
        });
      }
      const me = await plainRequest(lan, port, '/api/me', { headers: { cookie } });
      expect(me.status).toBe(403);
      const phone = await plainRequest(lan, port, '/api/phone', { headers: { cookie } });
      expect(phone.status).toBe(403);
    });

    it('cannot sign in or write on plain http (no cookie is handed out)', async () => {
      const signIn = await plainRequest(lan, port, '/api/auth/sign-in/email', {
        method: 'POST',
        headers: { origin: `http://${lan}:${port}` },
        body: { email: 'birthe@perler.dk', password: 'perler-og-nåle-42' },
      });
      expect(signIn.status).toBe(403);
      expect(signIn.headers['set-cookie']).toBeUndefined();
      const write = await plainRequest(lan, port, '/api/customers', {
        method: 'POST',
        headers: { cookie, origin: `http://${lan}:${port}` },
        body: { name: 'Fra telefonen' },
      });
      expect(write.status).toBe(403);
      const list = await callApi(server.url, cookie, 'GET', '/api/customers');
      expect(await list.text()).not.toContain('Fra telefonen');
    });

    it('gets no data however the path is spelled', async () => {
      const leaks: string[] = [];
      const urls = [
        ...spellings('/api/customers').map((s) => s.url),
        '//api/customers',
        '/%61pi/customers',
        '/api/customers?x=/tls/probe',
        '/api/health/../customers',
      ];
      for (const url of urls) {
        const response = await plainRequest(lan, port, url, { headers: { cookie } });
        const setupPage = response.status === 200 && response.text.includes('Sæt telefonen op');
        const refused = response.status === 403 && JSON.parse(response.text).code === 'HTTPS_REQUIRED';
        const notFound = [400, 404].includes(response.status) && !response.text.includes(CUSTOMER);
        if (response.text.includes(CUSTOMER) || !(setupPage || refused || notFound)) {
          leaks.push(`${url} → ${response.status} ${response.text.slice(0, 60)}`);
        }
      }
      expect(leaks).toEqual([]);
    });

    it('may reach the health check and the set-up files', async () => {
      expect((await plainRequest(lan, port, '/api/health')).status).toBe(200);
      const script = await plainRequest(lan, port, '/tls/setup.js');
      expect(script.status).toBe(200);
      expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(script.text).toContain('/tls/probe');
      // The probe says yes over https only (on plain http the phone gets the set-up page, as for any path).
      const probe = await plainRequest(lan, port, '/tls/probe');
      expect(probe.status).not.toBe(204);
      expect(probe.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('downloads the root certificate (DER) for Android: only the root, a CA, the one in DATA_DIR/tls', async () => {
      const response = await plainRequest(lan, port, '/tls/naalepuden-rod.crt');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/x-x509-ca-cert');
      expect(response.headers['content-disposition']).toBe('attachment; filename="naalepuden-rod.crt"');
      const served = new X509Certificate(response.body);
      expect(served.ca).toBe(true);
      expect(response.body.equals(new X509Certificate(rootPem).raw)).toBe(true);
      // Nothing but the one DER certificate.
      expect(response.body.length).toBe(new X509Certificate(rootPem).raw.length);
    });

    it('downloads the iPhone profile holding the root', async () => {
      const response = await plainRequest(lan, port, '/tls/naalepuden.mobileconfig');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/x-apple-aspen-config');
      expect(response.text).toContain('<string>com.apple.security.root</string>');
      const base64 = response.text.match(/<data>\s*([\s\S]+?)\s*<\/data>/)?.[1]?.replace(/\s+/g, '');
      expect(Buffer.from(base64 ?? '', 'base64').equals(new X509Certificate(rootPem).raw)).toBe(true);
    });
  });

  describe.skipIf(NO_LAN)('TLS on the same port, at the LAN address', () => {
    const lan = LAN as string;

    it("presents a certificate for the address, signed by the shop's root", async () => {
      const handshake = await tlsHandshake(lan, port, { ca: rootPem, identity: lan });
      if (!handshake.ok) throw handshake.error;
      expect(handshake.authorized, handshake.error).toBe(true);
      expect(handshake.cert.checkIP(lan)).toBe(lan);
      expect(handshake.cert.checkIssued(new X509Certificate(rootPem))).toBe(true);
      expect(handshake.chain.issuerCertificate?.fingerprint256).toBe(
        new X509Certificate(rootPem).fingerprint256,
      );
      // A phone that has not trusted the root yet: the handshake happens, the certificate is not trusted.
      const untrusted = await tlsHandshake(lan, port, { identity: lan });
      expect(untrusted.ok && untrusted.authorized).toBe(false);
    });

    it('answers HTTP/2 (ALPN h2) and HTTP/1.1 over TLS', async () => {
      const session = await connectH2(lan, port, { ca: rootPem });
      try {
        expect(session.alpnProtocol).toBe('h2');
        const health = await h2Request(session, '/api/health');
        expect(health.status).toBe(200);
        expect(JSON.parse(health.text)).toMatchObject({ status: 'ok' });
        // No set-up page over https: the app itself.
        const page = await h2Request(session, '/kunder');
        expect(page.status).toBe(200);
        expect(page.text).toBe(APP_PAGE);
        // The API wants a session, as everywhere: not the plain-http refusal.
        const customers = await h2Request(session, '/api/customers');
        expect(customers.status).toBe(401);
      } finally {
        session.close();
      }
      const h1 = await httpsRequest(lan, port, '/api/health', { ca: rootPem });
      expect(h1.status).toBe(200);
      expect(h1.httpVersion).toBe('1.1');
      expect(h1.socket.encrypted).toBe(true);
    });

    it('answers the probe over https (204, any origin may read it), over HTTP/2 and HTTP/1.1', async () => {
      const session = await connectH2(lan, port, { ca: rootPem });
      try {
        const probe = await h2Request(session, '/tls/probe', {
          headers: { origin: `http://${lan}:${port}` },
        });
        expect(probe.status).toBe(204);
        expect(probe.headers['access-control-allow-origin']).toBe('*');
        expect(probe.headers['cache-control']).toBe('no-store');
      } finally {
        session.close();
      }
      const h1 = await httpsRequest(lan, port, '/tls/probe', { ca: rootPem });
      expect(h1.status).toBe(204);
      expect(h1.headers['access-control-allow-origin']).toBe('*');
    });

    it('signs in over HTTP/2 (the Origin check reads :authority), with a Secure cookie, and serves the shop', async () => {
      const origin = `https://${lan}:${port}`;
      const session = await connectH2(lan, port, { ca: rootPem });
      try {
        const signIn = await h2Request(session, '/api/auth/sign-in/email', {
          method: 'POST',
          headers: { origin },
          body: { email: 'birthe@perler.dk', password: 'perler-og-nåle-42' },
        });
        expect(signIn.status, signIn.text).toBe(200);
        const setCookies = [signIn.headers['set-cookie'] ?? []].flat();
        expect(setCookies.length).toBeGreaterThan(0);
        for (const setCookie of setCookies) {
          expect(setCookie).toMatch(/;\s*Secure(;|$)/i);
          expect(setCookie).toMatch(/;\s*HttpOnly(;|$)/i);
        }
        const phoneCookie = setCookies.map((c) => c.split(';')[0]).join('; ');

        const customers = await h2Request(session, '/api/customers', { headers: { cookie: phoneCookie } });
        expect(customers.status).toBe(200);
        expect(customers.text).toContain(CUSTOMER);

        const foreign = await h2Request(session, '/api/customers', {
          method: 'POST',
          headers: { cookie: phoneCookie, origin: 'https://evil.example' },
          body: { name: 'Fremmed' },
        });
        expect(foreign.status).toBe(403);
        expect(JSON.parse(foreign.text).code).toBe('FORBIDDEN_ORIGIN');
        const own = await h2Request(session, '/api/customers', {
          method: 'POST',
          headers: { cookie: phoneCookie, origin },
          body: { name: 'Fra telefonen over https' },
        });
        expect(own.status, own.text).toBe(201);
      } finally {
        session.close();
      }
    });

    it("streams live events over HTTP/2 ('hello' first) without the forbidden connection header", async () => {
      const session = await connectH2(lan, port, { ca: rootPem });
      try {
        const stream = session.request({ ':path': '/api/events', cookie, accept: 'text/event-stream' });
        const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
          stream.once('response', resolve);
          stream.once('error', reject);
        });
        expect(headers[':status']).toBe(200);
        expect(String(headers['content-type'])).toMatch(/^text\/event-stream/);
        expect(headers).not.toHaveProperty('connection');
        let text = '';
        stream.setEncoding('utf8');
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no hello within 5 s: ${text}`)), 5000);
          stream.on('data', (chunk: string) => {
            text += chunk;
            if (/event: hello\n/.test(text)) {
              clearTimeout(timer);
              resolve();
            }
          });
        });
        stream.close();
      } finally {
        session.close();
      }
      expect(server.output()).not.toMatch(/connection.*(prohibited|not allowed)|UnsupportedWarning/i);
    });
  });

  describe('Indstillinger → Telefon (GET /api/phone)', () => {
    it('needs a session', async () => {
      const response = await plainRequest('127.0.0.1', port, '/api/phone');
      expect(response.status).toBe(401);
    });

    it('gives the https address, the set-up page, a QR code and the root’s fingerprint', async () => {
      const response = await callApi(server.url, cookie, 'GET', '/api/phone');
      expect(response.status).toBe(200);
      const phone = await response.json();
      const root = new X509Certificate(rootPem);
      expect(phone).toMatchObject({
        mode: 'builtin',
        rootFingerprint: root.fingerprint256,
        rootName: `Nålepuden ${machineNames().dns[0]}`,
        certificateUrl: '/tls/naalepuden-rod.crt',
      });
      expect(phone.rootFingerprint).toBe(fingerprintOf(root.raw));
      if (LAN) {
        expect(phone.appUrl).toBe(`https://${LAN}:${port}/`);
        expect(phone.setupUrl).toBe(`http://${LAN}:${port}/`);
        expect(phone.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      }
    });
  });

  describe('backups and exports', () => {
    it('never hold a private key: the backups in DATA_DIR/backups and the JSON export', async () => {
      const taken = await callApi(server.url, cookie, 'POST', '/api/data/backups');
      expect(taken.status).toBe(201);
      const files = tlsFiles(dataDir);
      const traces = [
        ...keyTraces(fs.readFileSync(files.rootKey, 'utf8')),
        ...keyTraces(fs.readFileSync(files.serverKey, 'utf8')),
      ];
      const backupDir = path.join(dataDir, 'backups');
      const backups = fs.readdirSync(backupDir);
      // The start's backup and the one just asked for.
      expect(backups.filter((name) => name.endsWith('.sqlite')).length).toBeGreaterThanOrEqual(2);
      const exported = await callApi(server.url, cookie, 'GET', '/api/data/export.json');
      expect(exported.status).toBe(200);
      const exportBytes = Buffer.from(await exported.arrayBuffer());
      expect(exportBytes.toString('utf8')).toContain(CUSTOMER);

      const found: string[] = [];
      const sources: Array<[string, Buffer]> = [
        ...backups.map((name) => [name, fs.readFileSync(path.join(backupDir, name))] as [string, Buffer]),
        ['export.json', exportBytes],
      ];
      for (const [name, bytes] of sources) {
        for (const trace of traces) if (bytes.includes(trace.bytes)) found.push(`${name}: ${trace.label}`);
      }
      expect(found).toEqual([]);
      // The check can find a key: it finds it in the key file itself.
      const keyFile = fs.readFileSync(files.serverKey);
      expect(
        keyTraces(keyFile.toString('utf8')).filter((t) => keyFile.includes(t.bytes)).length,
      ).toBeGreaterThan(0);
    });

    it('serve no key in the set-up files either', async () => {
      const files = tlsFiles(dataDir);
      const traces = [
        ...keyTraces(fs.readFileSync(files.rootKey, 'utf8')),
        ...keyTraces(fs.readFileSync(files.serverKey, 'utf8')),
      ];
      for (const pathname of [
        '/tls/naalepuden-rod.crt',
        '/tls/naalepuden.mobileconfig',
        '/tls/setup.js',
        '/',
      ]) {
        const response = await plainRequest(LAN ?? '127.0.0.1', port, pathname);
        for (const trace of traces)
          expect(response.body.includes(trace.bytes), `${pathname}: ${trace.label}`).toBe(false);
      }
    });
  });

  describe('stopping, starting again and moving the data folder', () => {
    it('stops on SIGTERM within 5 s with an open HTTP/2 live stream and HTTP/1.1-over-TLS connections', async () => {
      const session = await connectH2('127.0.0.1', port, { ca: rootPem, servername: 'localhost' });
      const stream = session.request({ ':path': '/api/events', cookie, accept: 'text/event-stream' });
      stream.on('error', () => {});
      await new Promise<void>((resolve, reject) => {
        let text = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes('event: hello')) resolve();
        });
        setTimeout(() => reject(new Error('no hello')), 5000);
      });
      // An idle HTTP/1.1 keep-alive connection over TLS (a browser without HTTP/2 keeps one) ...
      const idle = rawTls(port, rootPem);
      await idle.ready;
      idle.socket.write(`GET /api/health HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`);
      expect(await idle.waitFor('\r\n\r\n')).toBe(true);
      // ... and a write in flight over it: headers and half of the body sent.
      const body = Buffer.from(JSON.stringify({ name: 'Midt i lukningen' }), 'utf8');
      const inFlight = rawTls(port, rootPem);
      await inFlight.ready;
      inFlight.socket.write(
        `POST /api/customers HTTP/1.1\r\nHost: localhost:${port}\r\nOrigin: https://localhost:${port}\r\n` +
          `Cookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      inFlight.socket.write(body.subarray(0, 10));
      await new Promise((r) => setTimeout(r, 200));

      const signalledAt = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 200));
      inFlight.socket.write(body.subarray(10));
      expect(await inFlight.waitFor('\r\n\r\n')).toBe(true);
      expect(inFlight.received()).toMatch(/^HTTP\/1\.1 201 /);
      const code = await Promise.race([
        server.exited,
        new Promise<'late'>((r) => setTimeout(() => r('late'), 5000)),
      ]);
      expect(code).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(5000);
      expect(server.output()).toContain('shutting down');
      await idle.closed;
      session.destroy();
    });

    it('has the same root and keeps the server certificate after a restart on the same data folder', async () => {
      const files = tlsFiles(dataDir);
      const serverCertBefore = fs.readFileSync(files.serverCert, 'utf8');
      const again = await startServerProcess(dataDir, { HOST: '0.0.0.0', LOG_LEVEL: 'info' });
      try {
        expect(rootPemOf(dataDir)).toBe(rootPem);
        expect(fs.readFileSync(files.serverCert, 'utf8')).toBe(serverCertBefore);
        expect(again.output()).not.toContain('issued a new server certificate');
        const handshake = await tlsHandshake('127.0.0.1', portOf(again), {
          ca: rootPem,
          servername: 'localhost',
          identity: 'localhost',
        });
        if (!handshake.ok) throw handshake.error;
        expect(handshake.authorized, handshake.error).toBe(true);
        expect(handshake.chain.issuerCertificate?.fingerprint256).toBe(
          new X509Certificate(rootPem).fingerprint256,
        );
      } finally {
        expect(await stopServer(again)).toBe(0);
      }
    });

    it('has the same root after the data folder moved to another path', async () => {
      const moved = path.join(tempDir('moved-'), 'data');
      fs.cpSync(dataDir, moved, { recursive: true });
      const there = await startServerProcess(moved, { HOST: '127.0.0.1', LOG_LEVEL: 'info' });
      try {
        expect(rootPemOf(moved)).toBe(rootPem);
        const phone = await (
          await callApi(there.url, await signInOwner(there.url), 'GET', '/api/phone')
        ).json();
        expect(phone.rootFingerprint).toBe(new X509Certificate(rootPem).fingerprint256);
        const handshake = await tlsHandshake('127.0.0.1', portOf(there), {
          ca: rootPem,
          servername: 'localhost',
          identity: 'localhost',
        });
        expect(handshake.ok && handshake.authorized).toBe(true);
      } finally {
        expect(await stopServer(there)).toBe(0);
      }
    });
  });
});

describe('a root that cannot be read', () => {
  it('stops the server with a message and is not replaced', async () => {
    const dataDir = tempDir('broken-root-');
    const files = tlsFiles(dataDir);
    fs.mkdirSync(files.dir, { recursive: true });
    // The key of a root whose certificate went missing (a half-copied data folder).
    fs.writeFileSync(files.rootKey, '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n', {
      mode: 0o600,
    });
    const before = fs.readdirSync(files.dir);
    const run = await spawnServerProcess(dataDir, { HOST: '127.0.0.1' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("The shop's root certificate in");
    expect(run.output()).toContain('never replaced by itself');
    expect(fs.readdirSync(files.dir)).toEqual(before);
    expect(fs.readFileSync(files.rootKey, 'utf8')).toContain('AAAA');
    expect(fs.existsSync(files.rootCert)).toBe(false);
  });
});
