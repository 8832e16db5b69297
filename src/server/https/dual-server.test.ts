/**
 * One port, both protocols, on a real socket: plain HTTP/1.1, TLS with HTTP/2 by ALPN and HTTP/1.1
 * over TLS as the fallback, the limits for silent sockets, a new certificate from the next handshake on, and
 * the HTTP/2 sessions told to go away when the server closes.
 */

import fs from 'node:fs';
import type http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerCertificate, type TlsMaterial, tlsFiles } from './certificate-authority.ts';
import { createDualServer, type DualServer } from './dual-server.ts';

const TIMEOUTS = {
  headersTimeoutMs: 600,
  requestTimeoutMs: 2000,
  keepAliveTimeoutMs: 1000,
  socketIdleTimeoutMs: 5000,
};

/** Answers what it saw of the request: protocol version, whether over TLS, the ALPN protocol. */
function describeRequest(request: http.IncomingMessage, response: http.ServerResponse) {
  const socket = request.socket as tls.TLSSocket;
  response.setHeader('content-type', 'application/json');
  response.end(
    JSON.stringify({
      httpVersion: request.httpVersion,
      encrypted: Boolean(socket.encrypted),
      alpn: socket.alpnProtocol ?? null,
      path: request.url,
    }),
  );
}

let dataDir: string;
let material: TlsMaterial;
let server: DualServer;
let port: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'naalepuden-dual-'));
  material = await ensureServerCertificate(tlsFiles(dataDir), { ips: [], dns: ['butik', 'localhost'] });
  server = createDualServer(describeRequest, TIMEOUTS, { key: material.keyPem, cert: material.certChainPem });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function h2Get(
  session: http2.ClientHttp2Session,
  pathname: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': pathname });
    let status = 0;
    let body = '';
    stream.on('response', (headers) => {
      status = Number(headers[':status']);
    });
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      body += chunk;
    });
    stream.on('end', () => resolve({ status, body }));
    stream.on('error', reject);
  });
}

function connectH2(ca: string): Promise<http2.ClientHttp2Session> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(`https://localhost:${port}`, { ca });
    session.once('connect', () => resolve(session));
    session.once('error', reject);
  });
}

function httpsGet(
  options: https.RequestOptions & Pick<tls.ConnectionOptions, 'ALPNProtocols'>,
): Promise<{ status: number; body: string; httpVersion: string; alpn: string | false | null }> {
  return new Promise((resolve, reject) => {
    const request = https.get({ host: '127.0.0.1', port, servername: 'localhost', agent: false, ...options });
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          body,
          httpVersion: response.httpVersion,
          alpn: (response.socket as tls.TLSSocket).alpnProtocol,
        }),
      );
    });
    request.on('error', reject);
  });
}

/** Opens a raw socket, runs `talk`, and resolves with what came back and the ms until the server closed it. */
function raw(
  talk: (socket: net.Socket) => void,
  giveUpMs = 5000,
): Promise<{ received: string; closedAfter: number | null }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => talk(socket));
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ received, closedAfter: null });
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ received, closedAfter: Date.now() - started });
    });
  });
}

describe('one port, plain HTTP and TLS', () => {
  it('answers plain HTTP/1.1 as before', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/plain`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      httpVersion: '1.1',
      encrypted: false,
      alpn: null,
      path: '/plain',
    });
  });

  it('answers a plain request whose first byte comes alone, and one split anywhere', async () => {
    const { received } = await raw((socket) => {
      socket.write('G');
      setTimeout(() => socket.write('ET /einzeln HTTP/1.1\r\nHost: x\r\n'), 50);
      setTimeout(() => socket.write('Connection: close\r\n\r\n'), 100);
    });
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
    expect(received).toContain('"path":"/einzeln"');
  });

  it('keeps a plain keep-alive connection for a second request', async () => {
    const { received } = await raw((socket) => {
      socket.write('GET /en HTTP/1.1\r\nHost: x\r\n\r\n');
      setTimeout(() => socket.write('GET /to HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), 100);
    });
    expect(received.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(received).toContain('"path":"/to"');
  });

  it('speaks HTTP/2 over TLS when the client offers it (ALPN), with the root as the only trust', async () => {
    const session = await connectH2(material.rootPem);
    try {
      expect(session.alpnProtocol).toBe('h2');
      const first = await h2Get(session, '/h2');
      expect(first.status).toBe(200);
      expect(JSON.parse(first.body)).toEqual({
        httpVersion: '2.0',
        encrypted: true,
        alpn: 'h2',
        path: '/h2',
      });
      // Several streams on the one connection.
      const [a, b] = await Promise.all([h2Get(session, '/a'), h2Get(session, '/b')]);
      expect([JSON.parse(a.body).path, JSON.parse(b.body).path]).toEqual(['/a', '/b']);
    } finally {
      session.close();
    }
  });

  it('falls back to HTTP/1.1 over TLS for a client that asks for it or offers no ALPN', async () => {
    const asked = await httpsGet({ path: '/h1', ca: material.rootPem, ALPNProtocols: ['http/1.1'] });
    expect(asked.status).toBe(200);
    expect(asked.httpVersion).toBe('1.1');
    expect(asked.alpn).toBe('http/1.1');
    expect(JSON.parse(asked.body)).toMatchObject({ httpVersion: '1.1', encrypted: true, path: '/h1' });

    const silent = await httpsGet({ path: '/uden-alpn', ca: material.rootPem });
    expect(silent.status).toBe(200);
    expect(JSON.parse(silent.body)).toMatchObject({ httpVersion: '1.1', encrypted: true });
  });

  it('is refused by a client that does not trust the root', async () => {
    await expect(httpsGet({ path: '/' })).rejects.toThrow(/self.signed|unable to (get|verify)/i);
  });

  it('closes a socket that never says anything, and a TLS handshake that never finishes', async () => {
    const silent = await raw(() => {});
    expect(silent.closedAfter).not.toBeNull();
    expect(silent.closedAfter!).toBeLessThan(3000);
    // A handshake record's first byte, then nothing.
    const stalled = await raw((socket) => socket.write(Buffer.from([0x16, 0x03, 0x01])));
    expect(stalled.closedAfter).not.toBeNull();
    expect(stalled.closedAfter!).toBeLessThan(3000);
  });
});

describe('a new certificate while running', () => {
  it('is presented from the next handshake on, still with HTTP/2', async () => {
    const before = await peerCertificate();
    const other = await ensureServerCertificate(tlsFiles(path.join(dataDir, 'ny')), {
      ips: ['192.0.2.77'],
      dns: ['localhost'],
    });
    server.setCredentials({ key: other.keyPem, cert: other.certChainPem });
    try {
      const after = await peerCertificate(other.rootPem);
      expect(after.fingerprint256).not.toBe(before.fingerprint256);
      expect(after.subjectaltname).toContain('IP Address:192.0.2.77');
      const session = await connectH2(other.rootPem);
      expect(session.alpnProtocol).toBe('h2');
      expect((await h2Get(session, '/efter')).status).toBe(200);
      session.close();
    } finally {
      server.setCredentials({ key: material.keyPem, cert: material.certChainPem });
    }
    expect((await peerCertificate()).fingerprint256).toBe(before.fingerprint256);
  });
});

function peerCertificate(ca = material.rootPem): Promise<tls.PeerCertificate> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: 'localhost', ca }, () => {
      const cert = socket.getPeerCertificate();
      socket.destroy();
      resolve(cert);
    });
    socket.once('error', reject);
  });
}

describe('closing', () => {
  it('sends GOAWAY to open HTTP/2 sessions so the server can close', async () => {
    const own = createDualServer(describeRequest, TIMEOUTS, {
      key: material.keyPem,
      cert: material.certChainPem,
    });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    const session = http2.connect(`https://localhost:${(own.address() as AddressInfo).port}`, {
      ca: material.rootPem,
    });
    // Open on both ends (the server hears of the session a moment after the client's 'connect').
    await Promise.all([
      new Promise((resolve) => session.once('connect', resolve)),
      new Promise((resolve) => own.secure.once('session', resolve)),
    ]);
    const goaway = new Promise((resolve) => session.once('goaway', resolve));
    const started = Date.now();
    const closed = new Promise((resolve) => own.close(resolve));
    own.closeHttp2Sessions();
    await goaway;
    await closed;
    expect(Date.now() - started).toBeLessThan(2000);
    session.destroy();
  });

  it('sends GOAWAY to a session whose TLS handshake finishes after the close began', async () => {
    const own = createDualServer(describeRequest, TIMEOUTS, {
      key: material.keyPem,
      cert: material.certChainPem,
    });
    await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
    const ownPort = (own.address() as AddressInfo).port;
    // Connected before the close (accepted), the handshake only after it.
    const socket = net.connect(ownPort, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const started = Date.now();
    const closed = new Promise((resolve) => own.close(resolve));
    own.closeHttp2Sessions();
    const session = http2.connect(`https://localhost:${ownPort}`, {
      createConnection: () =>
        tls.connect({ socket, servername: 'localhost', ca: material.rootPem, ALPNProtocols: ['h2'] }),
    });
    session.on('error', () => {});
    await new Promise((resolve) => session.once('goaway', resolve));
    await closed;
    // Not held open until the session's idle timeout (TIMEOUTS.socketIdleTimeoutMs).
    expect(Date.now() - started).toBeLessThan(2000);
    session.destroy();
  });
});
