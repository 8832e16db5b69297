/**
 * Clients for the one port that speaks plain HTTP and TLS, for tests that play a phone: plain
 * HTTP/1.1 with the path sent exactly as written, HTTP/2 and HTTP/1.1 over TLS trusting a given root, a bare
 * TLS handshake, and a throwaway CA for TLS_CERT/TLS_KEY.
 */
import 'reflect-metadata';
import { createPrivateKey, KeyObject, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import {
  issueServerCertificate,
  loadOrCreateRoot,
  tlsFiles,
} from '../../src/server/https/certificate-authority.ts';

export type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
  httpVersion: string;
};

type RequestOptions = { method?: string; headers?: Record<string, string>; body?: unknown };

function collect(
  response: http.IncomingMessage,
  resolve: (answer: Answer) => void,
  reject: (error: Error) => void,
) {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('error', reject);
  response.on('end', () => {
    const body = Buffer.concat(chunks);
    resolve({
      status: response.statusCode ?? 0,
      headers: response.headers,
      body,
      text: body.toString('utf8'),
      httpVersion: response.httpVersion,
    });
  });
}

function encodeBody(options: RequestOptions): { headers: Record<string, string>; body?: string } {
  if (options.body === undefined) return { headers: options.headers ?? {} };
  return {
    headers: { 'content-type': 'application/json', ...(options.headers ?? {}) },
    body: JSON.stringify(options.body),
  };
}

/** Plain HTTP/1.1 to host:port with `pathname` sent as written (no URL normalisation, unlike fetch). */
export function plainRequest(
  host: string,
  port: number,
  pathname: string,
  options: RequestOptions = {},
): Promise<Answer> {
  const { headers, body } = encodeBody(options);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host, port, path: pathname, method: options.method ?? 'GET', headers, agent: false },
      (response) => collect(response, resolve, reject),
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** HTTP/1.1 over TLS (no ALPN offered: the HTTP/1.1 fallback), trusting `ca` only. */
export function httpsRequest(
  host: string,
  port: number,
  pathname: string,
  options: RequestOptions & { ca: string; servername?: string },
): Promise<Answer & { socket: tls.TLSSocket }> {
  const { headers, body } = encodeBody(options);
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host,
        port,
        path: pathname,
        method: options.method ?? 'GET',
        headers,
        ca: options.ca,
        servername: options.servername,
        agent: false,
      },
      (response) =>
        collect(
          response,
          (answer) => resolve({ ...answer, socket: response.socket as tls.TLSSocket }),
          reject,
        ),
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** An HTTP/2 session over TLS to https://host:port, trusting `ca` only. */
export function connectH2(
  host: string,
  port: number,
  options: { ca: string; servername?: string },
): Promise<http2.ClientHttp2Session> {
  const authority = host.includes(':') ? `[${host}]` : host;
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://${authority}:${port}`, {
      ca: options.ca,
      ...(options.servername ? { servername: options.servername } : {}),
    });
    session.once('connect', () => {
      session.off('error', reject);
      session.on('error', () => {});
      resolve(session);
    });
    session.once('error', reject);
  });
}

export type H2Answer = { status: number; headers: http2.IncomingHttpHeaders; body: Buffer; text: string };

/** One request on an HTTP/2 session, read to its end. */
export function h2Request(
  session: http2.ClientHttp2Session,
  pathname: string,
  options: RequestOptions = {},
): Promise<H2Answer> {
  const { headers, body } = encodeBody(options);
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': options.method ?? 'GET', ':path': pathname, ...headers });
    let responseHeaders: http2.IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    stream.on('response', (received) => {
      responseHeaders = received;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const bytes = Buffer.concat(chunks);
      resolve({
        status: Number(responseHeaders[':status']),
        headers: responseHeaders,
        body: bytes,
        text: bytes.toString('utf8'),
      });
    });
    stream.on('error', reject);
    stream.end(body);
  });
}

/**
 * A bare TLS handshake to host:port: the certificate presented, whether it was trusted (`ca`) for `identity`,
 * and the ALPN protocol; or the error when no handshake happened (e.g. the port speaks plain HTTP only).
 */
export function tlsHandshake(
  host: string,
  port: number,
  options: { ca?: string; servername?: string; identity?: string; ALPNProtocols?: string[] } = {},
): Promise<
  | {
      ok: true;
      authorized: boolean;
      error?: string;
      cert: X509Certificate;
      chain: tls.DetailedPeerCertificate;
    }
  | { ok: false; error: Error }
> {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host,
      port,
      ca: options.ca,
      servername: options.servername,
      ALPNProtocols: options.ALPNProtocols,
      rejectUnauthorized: false,
      ...(options.identity
        ? {
            checkServerIdentity: (_host: string, cert: tls.PeerCertificate) =>
              tls.checkServerIdentity(options.identity!, cert),
          }
        : {}),
    });
    socket.setTimeout(5000, () => socket.destroy(new Error('no TLS handshake within 5 s')));
    socket.once('secureConnect', () => {
      // (Asked after getPeerX509Certificate(), Node 20 answers getPeerCertificate() with an empty object.)
      const chain = socket.getPeerCertificate(true);
      const result = {
        ok: true as const,
        authorized: socket.authorized,
        error: socket.authorizationError?.toString(),
        cert: new X509Certificate(chain.raw),
        chain,
      };
      socket.destroy();
      resolve(result);
    });
    socket.once('error', (error) => resolve({ ok: false, error }));
  });
}

/**
 * A throwaway CA in `dir` and a certificate from it for `dns`, written as PEM files the way `tailscale cert` or
 * certbot leave them (the certificate, then its key).
 */
export async function throwawayCertificate(dir: string, dns: string[]) {
  fs.mkdirSync(dir, { recursive: true });
  const root = await loadOrCreateRoot(tlsFiles(path.join(dir, 'ca')), 'throwaway');
  const leaf = await issueServerCertificate(root, { ips: [], dns });
  const certFile = path.join(dir, 'shop.crt');
  const keyFile = path.join(dir, 'shop.key');
  fs.writeFileSync(certFile, leaf.cert.toString('pem'));
  fs.writeFileSync(keyFile, KeyObject.from(leaf.key).export({ type: 'pkcs8', format: 'pem' }));
  return {
    certFile,
    keyFile,
    rootPem: root.cert.toString('pem'),
    fingerprint: new X509Certificate(fs.readFileSync(certFile)).fingerprint256,
  };
}

/** The bytes by which a private key could be recognised in another file: PEM body, DER and the raw scalar. */
export function keyTraces(keyPem: string): { label: string; bytes: Buffer }[] {
  // The JWK form gives the private scalar d.
  const key = createPrivateKey(keyPem);
  const der = key.export({ type: 'pkcs8', format: 'der' });
  const d = Buffer.from(String(key.export({ format: 'jwk' }).d), 'base64url');
  const base64Line = der.toString('base64').slice(0, 48);
  return [
    { label: 'PEM label', bytes: Buffer.from('PRIVATE KEY') },
    { label: 'PKCS#8 DER', bytes: der },
    { label: 'private scalar', bytes: d },
    { label: 'private scalar (hex)', bytes: Buffer.from(d.toString('hex')) },
    { label: 'private scalar (base64url)', bytes: Buffer.from(d.toString('base64url')) },
    { label: 'PEM body', bytes: Buffer.from(base64Line) },
  ];
}
