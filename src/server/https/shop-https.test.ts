/**
 * The port's certificate as the server keeps it: the built-in one issued again while the server
 * runs when the machine's addresses change, and served from the next handshake on by a real dual server; the
 * owner's TLS_CERT/TLS_KEY checked at start and served again when renewed in place.
 */
import 'reflect-metadata';
import { KeyObject, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterEach, describe, expect, it } from 'vitest';
import {
  issueServerCertificate,
  loadOrCreateRoot,
  type ServerNames,
  tlsFiles,
} from './certificate-authority.ts';
import { createDualServer, type TlsCredentials } from './dual-server.ts';
import {
  keepCertificateCurrent,
  OwnCertificateError,
  prepareShopHttps,
  type ShopHttps,
} from './shop-https.ts';

const TIMEOUTS = {
  headersTimeoutMs: 1000,
  requestTimeoutMs: 2000,
  keepAliveTimeoutMs: 1000,
  socketIdleTimeoutMs: 5000,
};

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-shop-https-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A logger that keeps what it was told. */
function memoryLog() {
  const lines: Array<{ level: 'info' | 'error'; msg: string }> = [];
  return {
    lines,
    info: (_obj: object, msg: string) => lines.push({ level: 'info', msg }),
    error: (_obj: object, msg: string) => lines.push({ level: 'error', msg }),
  };
}

function builtin(dataDir: string, names: () => ServerNames, log = memoryLog()) {
  return prepareShopHttps({ https: { mode: 'builtin' }, dataDir }, log, names) as Promise<
    Extract<ShopHttps, { mode: 'builtin' }>
  >;
}

const leafOf = (credentials: TlsCredentials) => new X509Certificate(credentials.cert);

/** The certificate a real TLS handshake presents at the port (verified against `ca`, for `identity`). */
function presented(port: number, ca: string, identity: string): Promise<X509Certificate> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: '127.0.0.1',
      port,
      ca,
      servername: 'localhost',
      checkServerIdentity: (_host, cert) => tls.checkServerIdentity(identity, cert),
    });
    socket.once('secureConnect', () => {
      const cert = socket.getPeerX509Certificate();
      socket.destroy();
      if (cert) resolve(cert);
      else reject(new Error('no certificate'));
    });
    socket.once('error', reject);
  });
}

describe('the built-in certificate', () => {
  it('is issued again by recheck() when the addresses change, and announced; kept otherwise', async () => {
    const dataDir = tempDir();
    let names: ServerNames = { ips: ['192.0.2.10'], dns: ['butik', 'localhost'] };
    const log = memoryLog();
    const https = await builtin(dataDir, () => names, log);
    const announced: TlsCredentials[] = [];
    https.onNewCredentials((credentials) => announced.push(credentials));
    const first = https.credentials();
    const root = https.root().rootFingerprint;
    expect(https.serverNames()).toEqual(names);
    expect(log.lines).toEqual([{ level: 'info', msg: 'issued a new server certificate' }]);

    expect(await https.recheck()).toBeNull();
    expect(announced).toEqual([]);
    expect(https.credentials()).toEqual(first);

    names = { ips: ['192.0.2.10', '198.51.100.4'], dns: ['butik', 'localhost'] };
    expect(await https.recheck()).toBe("the machine's addresses changed");
    expect(announced).toHaveLength(1);
    expect(announced[0]).toEqual(https.credentials());
    expect(leafOf(announced[0]!).checkIP('198.51.100.4')).toBe('198.51.100.4');
    expect(leafOf(announced[0]!).serialNumber).not.toBe(leafOf(first).serialNumber);
    expect(https.serverNames()).toEqual(names);
    // The phone's trust stays valid: the same root signed it.
    expect(https.root().rootFingerprint).toBe(root);
    expect(leafOf(announced[0]!).verify(new X509Certificate(https.root().rootPem).publicKey)).toBe(true);

    expect(await https.recheck()).toBeNull();
    expect(announced).toHaveLength(1);
  });

  it('keeps its root when the tls folder is removed while the server runs, and the next start has it', async () => {
    const dataDir = tempDir();
    const names: ServerNames = { ips: ['192.0.2.10'], dns: ['butik', 'localhost'] };
    const https = await builtin(dataDir, () => names);
    const root = https.root().rootFingerprint;
    fs.rmSync(tlsFiles(dataDir).dir, { recursive: true });

    expect(await https.recheck()).toBe('no server certificate yet');
    expect(https.root().rootFingerprint).toBe(root);
    expect(leafOf(https.credentials()).verify(new X509Certificate(https.root().rootPem).publicKey)).toBe(
      true,
    );
    const again = await builtin(dataDir, () => names);
    expect(again.root().rootFingerprint).toBe(root);
  });

  it('refuses to make a new root beside a server certificate whose root is gone', async () => {
    const dataDir = tempDir();
    const names: ServerNames = { ips: ['192.0.2.10'], dns: ['butik', 'localhost'] };
    await builtin(dataDir, () => names);
    const files = tlsFiles(dataDir);
    fs.rmSync(files.rootCert);
    fs.rmSync(files.rootKey);
    await expect(builtin(dataDir, () => names)).rejects.toThrow(/root-ca\.pem is missing/);
    expect(fs.existsSync(files.rootCert)).toBe(false);
  });

  it('reaches a running dual server: the next TLS handshake presents the new certificate', async () => {
    const dataDir = tempDir();
    let names: ServerNames = { ips: ['192.0.2.10'], dns: ['localhost'] };
    const https = await builtin(dataDir, () => names);
    // As app.ts wires it.
    const server = createDualServer((_req, res) => res.end('ok'), TIMEOUTS, https.credentials());
    https.onNewCredentials((credentials) => server.setCredentials(credentials));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const ca = https.root().rootPem;

    const before = await presented(port, ca, '192.0.2.10');
    expect(before.fingerprint256).toBe(leafOf(https.credentials()).fingerprint256);

    names = { ips: ['203.0.113.8'], dns: ['localhost'] };
    await https.recheck();
    const after = await presented(port, ca, '203.0.113.8');
    expect(after.fingerprint256).not.toBe(before.fingerprint256);
    expect(after.fingerprint256).toBe(leafOf(https.credentials()).fingerprint256);
    expect(after.checkIP('203.0.113.8')).toBe('203.0.113.8');
    await expect(presented(port, ca, '192.0.2.10')).rejects.toThrow(/192\.0\.2\.10/);
  });

  it('is looked at again on a timer by keepCertificateCurrent, until stopped', async () => {
    const dataDir = tempDir();
    let asked = 0;
    let names: ServerNames = { ips: ['192.0.2.10'], dns: ['localhost'] };
    const https = await builtin(dataDir, () => {
      asked++;
      return names;
    });
    const announced = new Promise<TlsCredentials>((resolve) => https.onNewCredentials(resolve));
    const log = memoryLog();
    const stop = keepCertificateCurrent(https, log, 30);
    names = { ips: ['192.0.2.11'], dns: ['localhost'] };
    const credentials = await announced;
    expect(leafOf(credentials).checkIP('192.0.2.11')).toBe('192.0.2.11');
    stop();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const afterStop = asked;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(asked).toBe(afterStop);
    expect(log.lines.filter((line) => line.level === 'error')).toEqual([]);
  });

  it('is nothing at all with HTTPS off or behind a proxy: no tls folder', async () => {
    const dataDir = tempDir();
    for (const reason of ['https-off', 'public-url'] as const) {
      expect(await prepareShopHttps({ https: { mode: 'off', reason }, dataDir })).toEqual({
        mode: 'off',
        reason,
      });
    }
    expect(fs.existsSync(tlsFiles(dataDir).dir)).toBe(false);
  });
});

/** A throwaway CA and a certificate from it for `dns`, written as PEM files the way `tailscale cert` leaves them. */
async function ownFiles(dir: string, dns: string[]) {
  const root = await loadOrCreateRoot(tlsFiles(path.join(dir, 'ca')), 'test-ca');
  const write = async (name: string) => {
    const leaf = await issueServerCertificate(root, { ips: [], dns });
    const certFile = path.join(dir, `${name}.crt`);
    const keyFile = path.join(dir, `${name}.key`);
    fs.writeFileSync(certFile, leaf.cert.toString('pem'));
    fs.writeFileSync(keyFile, KeyObject.from(leaf.key).export({ type: 'pkcs8', format: 'pem' }));
    return { certFile, keyFile, fingerprint: new X509Certificate(fs.readFileSync(certFile)).fingerprint256 };
  };
  return { write, rootPem: root.cert.toString('pem') };
}

describe("the owner's TLS_CERT/TLS_KEY", () => {
  it('is served as given, with its first DNS name as where plain http is sent; no tls folder is made', async () => {
    const dir = tempDir();
    const dataDir = tempDir();
    const own = await ownFiles(dir, ['shop.example.test', 'www.shop.example.test']);
    const files = await own.write('shop');
    const https = await prepareShopHttps({ https: { mode: 'own', ...files }, dataDir });
    if (https.mode !== 'own') throw new Error(https.mode);
    expect(https.hostName()).toBe('shop.example.test');
    expect(leafOf(https.credentials()).fingerprint256).toBe(files.fingerprint);
    expect(https.credentials().key).toBe(fs.readFileSync(files.keyFile, 'utf8'));
    expect(fs.existsSync(tlsFiles(dataDir).dir)).toBe(false);
  });

  it('refuses a key that is not the certificate’s, naming TLS_CERT/TLS_KEY', async () => {
    const dir = tempDir();
    const own = await ownFiles(dir, ['shop.example.test']);
    const a = await own.write('a');
    const b = await own.write('b');
    const mixed = prepareShopHttps({
      https: { mode: 'own', certFile: a.certFile, keyFile: b.keyFile },
      dataDir: tempDir(),
    });
    await expect(mixed).rejects.toBeInstanceOf(OwnCertificateError);
    await expect(mixed).rejects.toThrow(/^TLS_CERT\/TLS_KEY: /);
  });

  it('is served again when renewed in place; a broken renewal keeps the previous one', async () => {
    const dir = tempDir();
    const own = await ownFiles(dir, ['shop.example.test']);
    const files = await own.write('shop');
    const log = memoryLog();
    const https = await prepareShopHttps({ https: { mode: 'own', ...files }, dataDir: tempDir() }, log);
    if (https.mode !== 'own') throw new Error(https.mode);
    const announced: TlsCredentials[] = [];
    https.onNewCredentials((credentials) => announced.push(credentials));
    expect(await https.recheck()).toBeNull();

    // Renewed (as certbot or `tailscale cert` does): a new certificate and key in the same files.
    const renewed = await own.write('renewed');
    fs.copyFileSync(renewed.certFile, files.certFile);
    fs.copyFileSync(renewed.keyFile, files.keyFile);
    expect(await https.recheck()).toBe('the certificate files changed');
    expect(announced.map((c) => leafOf(c).fingerprint256)).toEqual([renewed.fingerprint]);
    expect(leafOf(https.credentials()).fingerprint256).toBe(renewed.fingerprint);

    // Half a renewal: the certificate replaced, the key not yet.
    const next = await own.write('next');
    fs.copyFileSync(next.certFile, files.certFile);
    expect(await https.recheck()).toBeNull();
    expect(announced).toHaveLength(1);
    expect(leafOf(https.credentials()).fingerprint256).toBe(renewed.fingerprint);
    expect(log.lines.at(-1)).toEqual({
      level: 'error',
      msg: 'TLS_CERT/TLS_KEY changed but cannot be used; keeping the previous certificate',
    });
    // The key follows: served from then on.
    fs.copyFileSync(next.keyFile, files.keyFile);
    expect(await https.recheck()).toBe('the certificate files changed');
    expect(leafOf(https.credentials()).fingerprint256).toBe(next.fingerprint);
  });
});
