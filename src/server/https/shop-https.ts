/**
 * The shop's https as the server runs it: which certificate the port serves, kept current while
 * the server runs, and what the set-up page and Indstillinger → Telefon show of it.
 */
import { X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import tls from 'node:tls';
import type { Config, HttpsConfig } from '../config.ts';
import {
  ensureServerCertificate,
  type ServerNames,
  type TlsMaterial,
  tlsFiles,
} from './certificate-authority.ts';
import type { TlsCredentials } from './dual-server.ts';
import { machineNames } from './machine-names.ts';

/** The addresses are looked at this often; a new address gets a certificate within this time. */
export const RECHECK_MS = 10 * 60 * 1000;

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type ShopHttps =
  | { mode: 'off'; reason: Extract<HttpsConfig, { mode: 'off' }>['reason'] }
  | {
      mode: 'builtin';
      credentials(): TlsCredentials;
      /** The root a phone is asked to trust. */
      root(): Pick<TlsMaterial, 'rootDer' | 'rootPem' | 'rootName' | 'rootFingerprint'>;
      serverNames(): ServerNames;
      /** Looks at the addresses and the end date again; calls `onNew` with a new certificate when one was issued. */
      recheck(): Promise<string | null>;
      onNewCredentials(listener: (credentials: TlsCredentials) => void): void;
    }
  | {
      mode: 'own';
      credentials(): TlsCredentials;
      /** The first DNS name of the owner's certificate, where plain http from another device is sent. */
      hostName(): string | undefined;
      recheck(): Promise<string | null>;
      onNewCredentials(listener: (credentials: TlsCredentials) => void): void;
    };

export class OwnCertificateError extends Error {
  constructor(message: string) {
    super(`TLS_CERT/TLS_KEY: ${message}`);
    this.name = 'OwnCertificateError';
  }
}

/**
 * Prepares the certificate the port will serve: the built-in root and server certificate (made or renewed
 * now), the owner's files (checked now), or nothing.
 */
export async function prepareShopHttps(
  config: Pick<Config, 'https' | 'dataDir'>,
  log?: Logger,
  names: () => ServerNames = () => machineNames(),
): Promise<ShopHttps> {
  const { https } = config;
  if (https.mode === 'off') return { mode: 'off', reason: https.reason };
  const listeners: Array<(credentials: TlsCredentials) => void> = [];
  const announce = (credentials: TlsCredentials) => {
    for (const listener of listeners) listener(credentials);
  };

  if (https.mode === 'own') {
    let current = readOwnCertificate(https.certFile, https.keyFile);
    let stamp = fileStamp(https.certFile, https.keyFile);
    return {
      mode: 'own',
      credentials: () => current.credentials,
      hostName: () => current.hostName,
      onNewCredentials: (listener) => listeners.push(listener),
      async recheck() {
        // `tailscale cert` and certbot renew the files in place: a changed file is served from then on.
        const now = fileStamp(https.certFile, https.keyFile);
        if (now === stamp) return null;
        try {
          current = readOwnCertificate(https.certFile, https.keyFile);
        } catch (error) {
          log?.error(
            { err: error },
            'TLS_CERT/TLS_KEY changed but cannot be used; keeping the previous certificate',
          );
          return null;
        }
        stamp = now;
        announce(current.credentials);
        log?.info({ certFile: https.certFile }, 'serving the renewed TLS_CERT');
        return 'the certificate files changed';
      },
    };
  }

  const files = tlsFiles(config.dataDir);
  let material = await ensureServerCertificate(files, names());
  if (material.reissued) {
    log?.info({ reason: material.reissued, names: material.serverNames }, 'issued a new server certificate');
  }
  return {
    mode: 'builtin',
    credentials: () => ({ key: material.keyPem, cert: material.certChainPem }),
    root: () => material,
    serverNames: () => material.serverNames,
    onNewCredentials: (listener) => listeners.push(listener),
    async recheck() {
      const next = await ensureServerCertificate(files, names(), new Date(), material.root);
      material = next;
      if (next.reissued) {
        log?.info({ reason: next.reissued, names: next.serverNames }, 'issued a new server certificate');
        announce({ key: next.keyPem, cert: next.certChainPem });
      }
      return next.reissued;
    },
  };
}

function fileStamp(...files: string[]): string {
  return files.map((file) => `${fs.statSync(file).mtimeMs}:${fs.statSync(file).size}`).join('|');
}

function readOwnCertificate(certFile: string, keyFile: string) {
  const cert = fs.readFileSync(certFile, 'utf8');
  const key = fs.readFileSync(keyFile, 'utf8');
  try {
    // Throws when the key does not match the certificate or either is not PEM.
    tls.createSecureContext({ cert, key });
  } catch (error) {
    throw new OwnCertificateError((error as Error).message);
  }
  const leaf = new X509Certificate(cert);
  const hostName = leaf.subjectAltName
    ?.split(', ')
    .find((entry) => entry.startsWith('DNS:'))
    ?.slice('DNS:'.length)
    .replace(/^\*\./, '');
  return { credentials: { cert, key }, hostName };
}

/** Runs `recheck` every RECHECK_MS until stopped (errors are logged; the current certificate stays). */
export function keepCertificateCurrent(https: ShopHttps, log: Logger, everyMs = RECHECK_MS): () => void {
  if (https.mode === 'off') return () => {};
  const timer = setInterval(() => {
    https.recheck().catch((error) => log.error({ err: error }, 'could not renew the server certificate'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
