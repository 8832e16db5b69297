/**
 * The shop's own certificate authority (docs/security.md "The shop's root certificate").
 *
 * A root made once, on the first start, in DATA_DIR/tls/ and never replaced (a phone trusts it once), and a
 * server certificate signed by it for every address of the machine, issued again by itself when the addresses
 * change or its end draws near. Private keys are files readable by the owner only (0600) in a folder only the
 * owner may list (0700); nothing else in the app reads them, and neither backups nor exports contain them.
 */
import 'reflect-metadata';
import { createHash, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGNING_ALGORITHM = { name: 'ECDSA', hash: 'SHA-256' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The root is good for 20 years: it is the one thing a phone is asked to trust, so it must outlive the laptop. */
export const ROOT_VALIDITY_DAYS = 20 * 365;
/** Apple's limit for TLS server certificates issued after 1 Sep 2020 is 398 days; 397 stays inside it. */
export const SERVER_VALIDITY_DAYS = 397;
/** A server certificate with less than this left is issued again. */
export const RENEW_BEFORE_DAYS = 30;
/** A server certificate starts an hour in the past, for a phone whose clock is a little behind. */
const BACKDATE_MS = 60 * 60 * 1000;

export type TlsFiles = {
  dir: string;
  rootCert: string;
  rootKey: string;
  serverCert: string;
  serverKey: string;
};

export function tlsFiles(dataDir: string): TlsFiles {
  const dir = path.join(dataDir, 'tls');
  return {
    dir,
    rootCert: path.join(dir, 'root-ca.pem'),
    rootKey: path.join(dir, 'root-ca.key.pem'),
    serverCert: path.join(dir, 'server.pem'),
    serverKey: path.join(dir, 'server.key.pem'),
  };
}

/** What the server certificate must name: the machine's addresses and host names. */
export type ServerNames = { ips: string[]; dns: string[] };

export type Root = { cert: x509.X509Certificate; key: CryptoKey };

/** The root and the server certificate in use, as PEM for Node's TLS, with what the pages show of them. */
export type TlsMaterial = {
  /** PEM of the server certificate followed by the root, the chain a phone is sent. */
  certChainPem: string;
  keyPem: string;
  rootPem: string;
  rootDer: Buffer;
  /** The root's common name, as the phone lists it ('Nålepuden <host name>'). */
  rootName: string;
  /** SHA-256 of the root's DER, upper-case hex pairs joined by ':' as iOS and Android show it. */
  rootFingerprint: string;
  serverNotAfter: Date;
  serverNames: ServerNames;
};

/** A root that exists but cannot be read: never replaced silently, since every trusting phone would break. */
export class RootUnreadableError extends Error {
  constructor(files: TlsFiles, cause: unknown) {
    super(
      `The shop's root certificate in ${files.dir} cannot be read (${(cause as Error).message}). ` +
        `Phones trust this root, so it is never replaced by itself: restore ${path.basename(files.rootCert)} and ` +
        `${path.basename(files.rootKey)} from where the data folder came from, or move the tls folder away to make ` +
        'a new root (every phone must then trust the new one), or start with HTTPS=off.',
    );
    this.name = 'RootUnreadableError';
  }
}

/** Writes a file by a temporary name and a rename, so a crash never leaves half a key or certificate. */
function writeAtomically(file: string, data: string, mode: number): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, data, { mode });
  fs.chmodSync(temporary, mode);
  fs.renameSync(temporary, file);
}

async function exportKeyPem(key: CryptoKey): Promise<string> {
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', key));
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

async function importKeyPem(pem: string): Promise<CryptoKey> {
  const [der] = x509.PemConverter.decode(pem);
  if (!der) throw new Error('no key in the file');
  return webcrypto.subtle.importKey('pkcs8', der, KEY_ALGORITHM, true, ['sign']) as Promise<CryptoKey>;
}

function randomSerial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0] ?? 0) & 0x7f; // positive, as RFC 5280 asks
  return Buffer.from(bytes).toString('hex');
}

export function fingerprintOf(der: Buffer): string {
  const hex = createHash('sha256').update(der).digest('hex').toUpperCase();
  return hex.replace(/(..)(?!$)/g, '$1:');
}

async function createRoot(hostname: string): Promise<{ cert: x509.X509Certificate; key: CryptoKey }> {
  const keys = (await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const notBefore = new Date(Date.now() - BACKDATE_MS);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: [{ CN: [`Nålepuden ${hostname}`] }, { O: ['Nålepuden'] }, { OU: ['Butikkens eget rodcertifikat'] }],
    notBefore,
    notAfter: new Date(notBefore.getTime() + ROOT_VALIDITY_DAYS * DAY_MS),
    keys,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      // pathLen 0: the root signs server certificates only, never another authority.
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { cert, key: keys.privateKey };
}

/** Whether `key` is the private key of `cert`: a probe signed with it verifies with the certificate's key. */
async function keyBelongsTo(key: CryptoKey, cert: x509.X509Certificate): Promise<boolean> {
  const probe = new TextEncoder().encode('naalepuden');
  const signature = await webcrypto.subtle.sign(SIGNING_ALGORITHM, key, probe);
  const publicKey = await cert.publicKey.export(KEY_ALGORITHM, ['verify'], webcrypto as unknown as Crypto);
  return webcrypto.subtle.verify(SIGNING_ALGORITHM, publicKey, signature, probe);
}

/**
 * The root in `files.dir`: read when it is there, made (once) when neither file exists. A half-present or
 * unreadable root throws RootUnreadableError instead of being replaced.
 */
export async function loadOrCreateRoot(files: TlsFiles, hostname: string): Promise<Root> {
  fs.mkdirSync(files.dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(files.dir, 0o700);
  const certExists = fs.existsSync(files.rootCert);
  const keyExists = fs.existsSync(files.rootKey);
  // A server certificate without any root: the root was there and is gone (a folder copied in part). Making a
  // new one would break every phone that trusts the old one; the owner decides (RootUnreadableError says how).
  if (!certExists && !keyExists && fs.existsSync(files.serverCert)) {
    throw new RootUnreadableError(files, new Error(`${path.basename(files.rootCert)} is missing`));
  }
  if (!certExists && !keyExists) {
    const root = await createRoot(hostname);
    // The key first: a crash between the two leaves a key without a certificate, which the next start reports
    // instead of making a second root that phones do not know.
    writeAtomically(files.rootKey, await exportKeyPem(root.key), 0o600);
    writeAtomically(files.rootCert, root.cert.toString('pem'), 0o644);
    return root;
  }
  try {
    const cert = new x509.X509Certificate(fs.readFileSync(files.rootCert, 'utf8'));
    const key = await importKeyPem(fs.readFileSync(files.rootKey, 'utf8'));
    if (!(await keyBelongsTo(key, cert))) throw new Error('the key does not belong to the certificate');
    fs.chmodSync(files.rootKey, 0o600);
    return { cert, key };
  } catch (error) {
    throw new RootUnreadableError(files, error);
  }
}

export async function issueServerCertificate(
  root: Root,
  names: ServerNames,
  now = new Date(),
): Promise<{ cert: x509.X509Certificate; key: CryptoKey }> {
  const keys = (await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const notBefore = new Date(now.getTime() - BACKDATE_MS);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: [{ CN: [names.dns[0] ?? 'localhost'] }, { O: ['Nålepuden'] }],
    issuer: root.cert.subjectName,
    notBefore,
    notAfter: new Date(notBefore.getTime() + SERVER_VALIDITY_DAYS * DAY_MS),
    publicKey: keys.publicKey,
    signingKey: root.key,
    signingAlgorithm: SIGNING_ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth], false),
      new x509.SubjectAlternativeNameExtension(
        [
          ...names.dns.map((value) => ({ type: 'dns' as const, value })),
          ...names.ips.map((value) => ({ type: 'ip' as const, value })),
        ],
        false,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(root.cert),
    ],
  });
  return { cert, key: keys.privateKey };
}

/** The names a certificate's SAN holds, in the same shape as ServerNames (IPs as the library prints them). */
export function namesOf(cert: x509.X509Certificate): ServerNames {
  const san = cert.getExtension(x509.SubjectAlternativeNameExtension);
  const items = san?.names.items ?? [];
  return {
    dns: items.filter((item) => item.type === 'dns').map((item) => item.value),
    ips: items.filter((item) => item.type === 'ip').map((item) => item.value),
  };
}

function sameNames(a: ServerNames, b: ServerNames): boolean {
  const key = (names: ServerNames) =>
    JSON.stringify([
      [...names.dns].map((n) => n.toLowerCase()).sort(),
      [...names.ips].map(normalizeIp).sort(),
    ]);
  return key(a) === key(b);
}

/**
 * IPv6 addresses in one spelling, so '::1' and '0:0:…:1' compare equal: the address as the certificate stores
 * it (bytes) and prints it back, the spelling namesOf() reads. (Made from a string, a GeneralName keeps the
 * string as given.)
 */
function normalizeIp(ip: string): string {
  try {
    return new x509.GeneralName(new x509.GeneralName('ip', ip).rawData).value;
  } catch {
    return ip;
  }
}

/** Why the server certificate on disk cannot stay, or null when it can. */
export async function reasonToReissue(
  root: Root,
  files: TlsFiles,
  names: ServerNames,
  now = new Date(),
): Promise<string | null> {
  if (!fs.existsSync(files.serverCert) || !fs.existsSync(files.serverKey)) return 'no server certificate yet';
  let cert: x509.X509Certificate;
  let key: CryptoKey;
  try {
    cert = new x509.X509Certificate(fs.readFileSync(files.serverCert, 'utf8'));
    key = await importKeyPem(fs.readFileSync(files.serverKey, 'utf8'));
  } catch {
    return 'the server certificate cannot be read';
  }
  // The key is written before the certificate: a crash between the two leaves a new key beside the old
  // certificate, a pair TLS refuses to serve.
  if (!(await keyBelongsTo(key, cert).catch(() => false))) {
    return 'the server key does not belong to the server certificate';
  }
  if (!(await cert.verify({ publicKey: root.cert.publicKey, signatureOnly: true }))) {
    return 'the server certificate is not signed by the shop root';
  }
  if (cert.notAfter.getTime() - now.getTime() < RENEW_BEFORE_DAYS * DAY_MS) {
    return `the server certificate ends on ${cert.notAfter.toISOString()}`;
  }
  if (!sameNames(namesOf(cert), names)) return "the machine's addresses changed";
  return null;
}

/**
 * The certificates to serve: the root (made on the first start) and a server certificate for `names`, issued
 * again when needed. `reissued` says why it was issued, or null when the one on disk was kept. A running
 * server passes the root it started with (`root`), so a check while it runs never reads, let alone makes, a
 * root: a tls folder removed under it is written back with the same root.
 */
export async function ensureServerCertificate(
  files: TlsFiles,
  names: ServerNames,
  now = new Date(),
  known?: Root,
): Promise<TlsMaterial & { reissued: string | null; root: Root }> {
  const root = known ?? (await loadOrCreateRoot(files, names.dns[0] ?? 'localhost'));
  if (known && !(fs.existsSync(files.rootCert) && fs.existsSync(files.rootKey))) {
    // The folder went away under the running server: the root it started with is written back, so the next
    // start keeps it and the phones that trust it.
    fs.mkdirSync(files.dir, { recursive: true, mode: 0o700 });
    writeAtomically(files.rootKey, await exportKeyPem(known.key), 0o600);
    writeAtomically(files.rootCert, known.cert.toString('pem'), 0o644);
  }
  const reissued = await reasonToReissue(root, files, names, now);
  if (reissued) {
    const server = await issueServerCertificate(root, names, now);
    writeAtomically(files.serverKey, await exportKeyPem(server.key), 0o600);
    writeAtomically(files.serverCert, server.cert.toString('pem'), 0o644);
  }
  fs.chmodSync(files.serverKey, 0o600);
  const serverCert = new x509.X509Certificate(fs.readFileSync(files.serverCert, 'utf8'));
  const rootDer = Buffer.from(root.cert.rawData);
  return {
    certChainPem: `${serverCert.toString('pem')}\n${root.cert.toString('pem')}\n`,
    keyPem: fs.readFileSync(files.serverKey, 'utf8'),
    rootPem: root.cert.toString('pem'),
    rootDer,
    rootName: root.cert.subjectName.getField('CN')[0] ?? 'Nålepuden',
    rootFingerprint: fingerprintOf(rootDer),
    serverNotAfter: serverCert.notAfter,
    serverNames: namesOf(serverCert),
    reissued,
    root,
  };
}
