/**
 * The shop's certificate authority on real files: the root made once in DATA_DIR/tls and never
 * replaced, the server certificate it signs for the machine's names, and when that certificate is issued again.
 * Every certificate is read back with Node's own X509Certificate (OpenSSL) besides @peculiar/x509, and the chain
 * is checked by a real TLS handshake.
 */
import 'reflect-metadata';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import * as x509 from '@peculiar/x509';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ensureServerCertificate,
  fingerprintOf,
  loadOrCreateRoot,
  RENEW_BEFORE_DAYS,
  RootUnreadableError,
  SERVER_VALIDITY_DAYS,
  type ServerNames,
  type TlsFiles,
  tlsFiles,
} from './certificate-authority.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NAMES: ServerNames = {
  ips: ['192.0.2.10', '2001:db8::5'],
  dns: ['butik', 'butik.local', 'localhost'],
};

const dirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-ca-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const read = (file: string) => fs.readFileSync(file, 'utf8');
const nodeCert = (file: string) => new X509Certificate(fs.readFileSync(file));
const peculiarCert = (file: string) => new x509.X509Certificate(read(file));

/** Every file under the tls folder with its bytes, to show that a refused start changed nothing. */
function snapshot(files: TlsFiles): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of fs.readdirSync(files.dir).sort()) {
    out[name] = fs.readFileSync(path.join(files.dir, name)).toString('base64');
  }
  return out;
}

/** A TLS handshake against a server with `material`, trusting only the root: the chain as a phone checks it. */
async function handshake(
  material: { keyPem: string; certChainPem: string },
  rootPem: string,
  identity: string,
): Promise<{ authorized: boolean; error?: string; peer: tls.PeerCertificate }> {
  const server = tls.createServer({ key: material.keyPem, cert: material.certChainPem }, (socket) =>
    socket.end(),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise((resolve, reject) => {
      const socket = tls.connect({
        host: '127.0.0.1',
        port,
        ca: rootPem,
        // The chain is checked by OpenSSL; the name by Node's check, for the address or name a phone would use.
        checkServerIdentity: (_host, cert) => tls.checkServerIdentity(identity, cert),
        rejectUnauthorized: false,
      });
      socket.once('secureConnect', () => {
        const result = {
          authorized: socket.authorized,
          error: socket.authorizationError?.toString(),
          peer: socket.getPeerCertificate(),
        };
        socket.destroy();
        resolve(result);
      });
      socket.once('error', reject);
    });
  } finally {
    server.close();
  }
}

describe('the shop root', () => {
  it('is a CA (critical basicConstraints, pathLen 0), signs certificates only, EC P-256, self-signed', async () => {
    const files = tlsFiles(dataDir());
    await loadOrCreateRoot(files, 'butik');

    const root = peculiarCert(files.rootCert);
    const constraints = root.getExtension(x509.BasicConstraintsExtension);
    expect(constraints?.ca).toBe(true);
    expect(constraints?.critical).toBe(true);
    expect(constraints?.pathLength).toBe(0);
    const usage = root.getExtension(x509.KeyUsagesExtension);
    expect(usage?.critical).toBe(true);
    expect(usage!.usages & x509.KeyUsageFlags.keyCertSign).toBeTruthy();
    expect(usage!.usages & x509.KeyUsageFlags.digitalSignature).toBeFalsy();
    expect(root.publicKey.algorithm).toMatchObject({ name: 'ECDSA', namedCurve: 'P-256' });
    expect(root.subjectName.getField('CN')).toEqual(['Nålepuden butik']);
    expect(root.subject).toBe(root.issuer);

    // The same, as OpenSSL reads it.
    const node = nodeCert(files.rootCert);
    expect(node.ca).toBe(true);
    expect(node.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    expect(node.verify(node.publicKey)).toBe(true);
    expect(node.checkIssued(node)).toBe(true);
    // Long-lived: a phone trusts it once.
    expect(Date.parse(node.validTo) - Date.now()).toBeGreaterThan(19 * 365 * DAY_MS);

    // The key file holds the root's private key, nothing else.
    const key = createPrivateKey(read(files.rootKey));
    expect(key.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
  });

  it('gives its SHA-256 fingerprint as iOS and Android show it (upper-case hex pairs joined by :)', async () => {
    const files = tlsFiles(dataDir());
    const material = await ensureServerCertificate(files, NAMES);
    expect(material.rootFingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(material.rootFingerprint).toBe(nodeCert(files.rootCert).fingerprint256);
    expect(fingerprintOf(material.rootDer)).toBe(material.rootFingerprint);
    expect(material.rootDer.equals(nodeCert(files.rootCert).raw)).toBe(true);
    expect(material.rootName).toBe('Nålepuden butik');
  });

  it('is the same root after a restart: the files are read, not made again, and the server certificate kept', async () => {
    const files = tlsFiles(dataDir());
    const first = await ensureServerCertificate(files, NAMES);
    const rootBytes = read(files.rootCert);
    const rootKeyBytes = read(files.rootKey);
    const serverSerial = nodeCert(files.serverCert).serialNumber;

    const second = await ensureServerCertificate(files, NAMES);
    expect(second.rootFingerprint).toBe(first.rootFingerprint);
    expect(second.reissued).toBeNull();
    expect(read(files.rootCert)).toBe(rootBytes);
    expect(read(files.rootKey)).toBe(rootKeyBytes);
    expect(nodeCert(files.serverCert).serialNumber).toBe(serverSerial);
    expect(second.certChainPem).toBe(first.certChainPem);
  });

  it('is the same root after the data folder moved to another path', async () => {
    const from = dataDir();
    const first = await ensureServerCertificate(tlsFiles(from), NAMES);
    const to = path.join(dataDir(), 'flyttet', 'data');
    fs.cpSync(from, to, { recursive: true });
    fs.rmSync(from, { recursive: true, force: true });

    const moved = await ensureServerCertificate(tlsFiles(to), NAMES);
    expect(moved.rootFingerprint).toBe(first.rootFingerprint);
    expect(moved.reissued).toBeNull();
    expect(moved.certChainPem).toBe(first.certChainPem);
  });

  describe('half there or unreadable: refused, never replaced', () => {
    async function madeRoot() {
      const files = tlsFiles(dataDir());
      await ensureServerCertificate(files, NAMES);
      return files;
    }
    const cases: Array<[string, (files: TlsFiles) => void | Promise<void>]> = [
      ['a key without its certificate', (files) => fs.rmSync(files.rootCert)],
      ['a certificate without its key', (files) => fs.rmSync(files.rootKey)],
      ['a certificate that is not one', (files) => fs.writeFileSync(files.rootCert, 'ikke et certifikat\n')],
      ['an empty key file', (files) => fs.writeFileSync(files.rootKey, '')],
      [
        "another root's key",
        async (files) => {
          const other = tlsFiles(dataDir());
          await loadOrCreateRoot(other, 'andet');
          fs.copyFileSync(other.rootKey, files.rootKey);
        },
      ],
    ];
    it.each(cases)('%s', async (_name, damage) => {
      const files = await madeRoot();
      await damage(files);
      const before = snapshot(files);
      await expect(ensureServerCertificate(files, NAMES)).rejects.toBeInstanceOf(RootUnreadableError);
      await expect(loadOrCreateRoot(files, 'butik')).rejects.toThrow(/never replaced by itself/);
      expect(snapshot(files)).toEqual(before);
    });
  });

  it.skipIf(process.platform === 'win32')(
    'keeps its private keys readable by the owner only (0600) in a folder only the owner may list (0700)',
    async () => {
      const files = tlsFiles(dataDir());
      await ensureServerCertificate(files, NAMES);
      const mode = (file: string) => fs.statSync(file).mode & 0o777;
      expect(mode(files.dir)).toBe(0o700);
      expect(mode(files.rootKey)).toBe(0o600);
      expect(mode(files.serverKey)).toBe(0o600);
      // Loosened by hand (a copy, an unzip): tightened again on the next start.
      fs.chmodSync(files.rootKey, 0o644);
      fs.chmodSync(files.serverKey, 0o644);
      fs.chmodSync(files.dir, 0o755);
      await ensureServerCertificate(files, NAMES);
      expect(mode(files.dir)).toBe(0o700);
      expect(mode(files.rootKey)).toBe(0o600);
      expect(mode(files.serverKey)).toBe(0o600);
    },
  );
});

describe('the server certificate', () => {
  it("names the machine's addresses (IPv4 and IPv6) and host names, for TLS servers only, signed by the root", async () => {
    const files = tlsFiles(dataDir());
    const before = Date.now();
    const material = await ensureServerCertificate(files, NAMES);
    expect(material.reissued).toBe('no server certificate yet');
    expect(material.serverNames).toEqual(NAMES);

    const cert = nodeCert(files.serverCert);
    const root = nodeCert(files.rootCert);
    expect(cert.subjectAltName?.split(', ')).toEqual([
      'DNS:butik',
      'DNS:butik.local',
      'DNS:localhost',
      'IP Address:192.0.2.10',
      'IP Address:2001:DB8:0:0:0:0:0:5',
    ]);
    for (const ip of NAMES.ips) expect(cert.checkIP(ip), ip).toBe(ip);
    for (const dns of NAMES.dns) expect(cert.checkHost(dns), dns).toBe(dns);
    expect(cert.checkHost('evil.example')).toBeUndefined();
    expect(cert.checkIP('192.0.2.99')).toBeUndefined();
    expect(cert.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']); // extended key usage: serverAuth only
    expect(cert.ca).toBe(false);
    expect(cert.verify(root.publicKey)).toBe(true);
    expect(cert.checkIssued(root)).toBe(true);
    expect(cert.issuer).toBe(root.subject);
    expect(cert.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');

    const notBefore = Date.parse(cert.validFrom);
    const notAfter = Date.parse(cert.validTo);
    expect(notBefore).toBeLessThanOrEqual(before);
    expect(notAfter - notBefore).toBeLessThanOrEqual(397 * DAY_MS);
    expect(notAfter - notBefore).toBeGreaterThan(390 * DAY_MS);
    expect(material.serverNotAfter.getTime()).toBe(notAfter);

    const peculiar = peculiarCert(files.serverCert);
    const constraints = peculiar.getExtension(x509.BasicConstraintsExtension);
    expect(constraints?.ca).toBe(false);
    expect(peculiar.getExtension(x509.ExtendedKeyUsageExtension)?.usages).toEqual([
      x509.ExtendedKeyUsage.serverAuth,
    ]);
    const usage = peculiar.getExtension(x509.KeyUsagesExtension)!.usages;
    expect(usage & x509.KeyUsageFlags.keyCertSign).toBeFalsy();
    // The authority key identifier points at the root's subject key identifier.
    const rootSki = peculiarCert(files.rootCert).getExtension(x509.SubjectKeyIdentifierExtension)?.keyId;
    expect(peculiar.getExtension(x509.AuthorityKeyIdentifierExtension)?.keyId).toBe(rootSki);

    // The chain a phone gets: server certificate first, then the root.
    const chain = material.certChainPem.match(
      /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
    );
    expect(chain?.map((pem) => new X509Certificate(pem).fingerprint256)).toEqual([
      cert.fingerprint256,
      root.fingerprint256,
    ]);
    expect(material.keyPem).toBe(read(files.serverKey));
    expect(SERVER_VALIDITY_DAYS).toBeLessThanOrEqual(397);
  });

  it('passes a real TLS handshake that trusts only the root, for each address and name, and fails for others', async () => {
    const files = tlsFiles(dataDir());
    const material = await ensureServerCertificate(files, NAMES);
    for (const identity of ['192.0.2.10', '2001:db8::5', 'butik.local', 'localhost']) {
      const result = await handshake(material, material.rootPem, identity);
      expect(result.authorized, `${identity}: ${result.error}`).toBe(true);
      expect(result.peer.fingerprint256).toBe(nodeCert(files.serverCert).fingerprint256);
    }
    const otherAddress = await handshake(material, material.rootPem, '192.0.2.99');
    expect(otherAddress.authorized).toBe(false);
    expect(otherAddress.error).toBe('ERR_TLS_CERT_ALTNAME_INVALID');
    // Another shop's root does not vouch for it.
    const other = await ensureServerCertificate(tlsFiles(dataDir()), NAMES);
    const untrusted = await handshake(material, other.rootPem, 'localhost');
    expect(untrusted.authorized).toBe(false);
    expect(untrusted.error).toMatch(/UNABLE_TO_VERIFY|unable to verify|self.signed/i);
  });

  describe('issued again', () => {
    async function issued() {
      const files = tlsFiles(dataDir());
      const first = await ensureServerCertificate(files, NAMES);
      return {
        files,
        first,
        serial: nodeCert(files.serverCert).serialNumber,
        rootBytes: read(files.rootCert),
      };
    }
    const expectSameRoot = (files: TlsFiles, rootBytes: string, rootFingerprint: string) => {
      expect(read(files.rootCert)).toBe(rootBytes);
      expect(nodeCert(files.serverCert).verify(nodeCert(files.rootCert).publicKey)).toBe(true);
      expect(nodeCert(files.rootCert).fingerprint256).toBe(rootFingerprint);
    };

    it('not while the names are the same, however they are spelled or ordered', async () => {
      const { files, serial } = await issued();
      const respelled: ServerNames = {
        ips: ['2001:DB8:0:0:0:0:0:5', '192.0.2.10'],
        dns: ['localhost', 'BUTIK.local', 'Butik'],
      };
      const again = await ensureServerCertificate(files, respelled);
      expect(again.reissued).toBeNull();
      expect(nodeCert(files.serverCert).serialNumber).toBe(serial);
    });

    it("when the machine's addresses change: the new ones are named, by the same root", async () => {
      const { files, first, serial, rootBytes } = await issued();
      const moved: ServerNames = { ips: ['10.0.0.7', '2001:db8::9'], dns: NAMES.dns };
      const again = await ensureServerCertificate(files, moved);
      expect(again.reissued).toBe("the machine's addresses changed");
      expect(again.serverNames).toEqual(moved);
      const cert = nodeCert(files.serverCert);
      expect(cert.serialNumber).not.toBe(serial);
      expect(cert.checkIP('10.0.0.7')).toBe('10.0.0.7');
      expect(cert.checkIP('192.0.2.10')).toBeUndefined();
      expect(again.rootFingerprint).toBe(first.rootFingerprint);
      expectSameRoot(files, rootBytes, first.rootFingerprint);
      expect(again.keyPem).not.toBe(first.keyPem);
      const result = await handshake(again, again.rootPem, '10.0.0.7');
      expect(result.authorized, result.error).toBe(true);
    });

    it(`when fewer than ${RENEW_BEFORE_DAYS} days are left, and not a day before`, async () => {
      const { files, first, serial, rootBytes } = await issued();
      const notAfter = first.serverNotAfter.getTime();
      const stillFine = await ensureServerCertificate(files, NAMES, new Date(notAfter - 31 * DAY_MS));
      expect(stillFine.reissued).toBeNull();
      expect(nodeCert(files.serverCert).serialNumber).toBe(serial);

      const later = new Date(notAfter - 29 * DAY_MS);
      const renewed = await ensureServerCertificate(files, NAMES, later);
      expect(renewed.reissued).toMatch(/^the server certificate ends on /);
      expect(nodeCert(files.serverCert).serialNumber).not.toBe(serial);
      expect(renewed.serverNotAfter.getTime()).toBeGreaterThan(later.getTime() + 390 * DAY_MS);
      expectSameRoot(files, rootBytes, first.rootFingerprint);
    });

    it('when the certificate file is damaged', async () => {
      const { files, first, serial, rootBytes } = await issued();
      fs.writeFileSync(files.serverCert, read(files.serverCert).slice(0, 200));
      const again = await ensureServerCertificate(files, NAMES);
      expect(again.reissued).toBe('the server certificate cannot be read');
      expect(nodeCert(files.serverCert).serialNumber).not.toBe(serial);
      expectSameRoot(files, rootBytes, first.rootFingerprint);
    });

    it('when the certificate or its key file is missing', async () => {
      const { files } = await issued();
      fs.rmSync(files.serverKey);
      expect((await ensureServerCertificate(files, NAMES)).reissued).toBe('no server certificate yet');
      fs.rmSync(files.serverCert);
      expect((await ensureServerCertificate(files, NAMES)).reissued).toBe('no server certificate yet');
    });

    it("when it was signed by another root (a tls folder put together from two shops')", async () => {
      const { files, first, rootBytes } = await issued();
      const other = tlsFiles(dataDir());
      await ensureServerCertificate(other, NAMES);
      fs.copyFileSync(other.serverCert, files.serverCert);
      fs.copyFileSync(other.serverKey, files.serverKey);
      const again = await ensureServerCertificate(files, NAMES);
      expect(again.reissued).toBe('the server certificate is not signed by the shop root');
      expectSameRoot(files, rootBytes, first.rootFingerprint);
    });

    it('when the key file is not the certificate’s (a crash between writing the new key and the new certificate)', async () => {
      const { files, first, rootBytes } = await issued();
      // The key of a newer certificate was written, its certificate not.
      const other = tlsFiles(dataDir());
      await ensureServerCertificate(other, NAMES);
      fs.copyFileSync(other.serverKey, files.serverKey);
      const again = await ensureServerCertificate(files, NAMES);
      expect(again.reissued).toBe('the server key does not belong to the server certificate');
      expectSameRoot(files, rootBytes, first.rootFingerprint);
      // The pair on disk works for TLS again.
      expect(() => tls.createSecureContext({ key: again.keyPem, cert: again.certChainPem })).not.toThrow();
      const result = await handshake(again, again.rootPem, 'localhost');
      expect(result.authorized, result.error).toBe(true);
    });
  });
});
