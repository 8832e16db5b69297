/**
 * One port, both protocols: the port answers plain HTTP/1.1 and TLS on the same socket. The first
 * byte of a TLS connection is a handshake record (0x16); anything else is read as plain HTTP. TLS offers
 * HTTP/2 with HTTP/1.1 as fallback (ALPN).
 *
 * The plain http.Server is the one that listens: Fastify sees it as its server (timeouts, maxConnections,
 * close, closeIdleConnections work as before), and its 'connection' listener is replaced by one that reads
 * the first byte and hands the socket to either Node's own HTTP/1.1 handling or the HTTP/2 secure server.
 */
import http from 'node:http';
import http2 from 'node:http2';
import type net from 'node:net';

const TLS_HANDSHAKE = 0x16;

export type ServerTimeouts = {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  keepAliveTimeoutMs: number;
  socketIdleTimeoutMs: number;
};

export type TlsCredentials = { key: string; cert: string };

type Http1Settings = {
  headersTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  connectionsCheckingInterval: number;
  closeIdleConnections(): void;
};

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

/** The listening server as Fastify gets it, with the TLS side reachable for a new certificate and shutdown. */
export type DualServer = http.Server & {
  /** Serves a new certificate from the next handshake on (open connections keep theirs). */
  setCredentials(credentials: TlsCredentials): void;
  /** Sends GOAWAY to every HTTP/2 session (Fastify calls it on close); open streams may finish. */
  closeHttp2Sessions(): void;
  readonly secure: http2.Http2SecureServer;
};

/**
 * A server for Fastify's `serverFactory`: plain HTTP and, with `credentials`, TLS (HTTP/2 and HTTP/1.1) on the
 * same port. Without credentials it is a plain http.Server as Fastify would have made.
 */
export function createDualServer(
  handler: Handler,
  timeouts: ServerTimeouts,
  credentials: TlsCredentials,
): DualServer {
  const plain = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      // Node checks the two timeouts above on this interval (30 s by default, which would double them).
      connectionsCheckingInterval: Math.min(1000, timeouts.headersTimeoutMs),
    },
    handler,
  );
  plain.setTimeout(timeouts.socketIdleTimeoutMs);

  const secure = http2.createSecureServer(
    {
      ...credentials,
      allowHTTP1: true,
      minVersion: 'TLSv1.2',
      // A TLS handshake must finish as fast as plain headers must arrive.
      handshakeTimeout: timeouts.headersTimeoutMs,
    },
    handler as unknown as (request: http2.Http2ServerRequest, response: http2.Http2ServerResponse) => void,
  );
  // HTTP/1.1 over TLS follows the same limits as plain HTTP/1.1 (Node reads them off the server with
  // allowHTTP1; @types/node does not list them there).
  const http1OverTls = secure as unknown as Http1Settings;
  http1OverTls.headersTimeout = timeouts.headersTimeoutMs;
  http1OverTls.requestTimeout = timeouts.requestTimeoutMs;
  http1OverTls.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  http1OverTls.connectionsCheckingInterval = Math.min(1000, timeouts.headersTimeoutMs);
  secure.setTimeout(timeouts.socketIdleTimeoutMs);
  const sessions = new Set<http2.ServerHttp2Session>();
  let closing = false;
  secure.on('session', (session) => {
    // A connection accepted before the close whose handshake finished after it: told to go away at once, or it
    // would hold the close open until its idle timeout.
    if (closing) {
      session.close();
      return;
    }
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  // The secure server never listens itself; its HTTP/1.1 side starts checking request and header timeouts on
  // 'listening', so it hears the plain server's.
  plain.once('listening', () => secure.emit('listening'));
  plain.once('close', () => secure.close());

  const [httpConnectionListener] = plain.listeners('connection') as Array<(socket: net.Socket) => void>;
  if (!httpConnectionListener)
    throw new Error("http.Server has no 'connection' listener to hand plain sockets to");
  plain.removeAllListeners('connection');
  plain.on('connection', (socket: net.Socket) => {
    // Until the first byte: a silent socket goes after the header timeout, like a plain one without headers.
    socket.setTimeout(timeouts.headersTimeoutMs, () => socket.destroy());
    socket.once('error', () => socket.destroy());
    socket.once('readable', () => {
      const first = socket.read(1) as Buffer | null;
      socket.setTimeout(0);
      if (first === null) {
        // Closed before sending anything.
        socket.destroy();
        return;
      }
      socket.unshift(first);
      if (first[0] === TLS_HANDSHAKE) secure.emit('connection', socket);
      else httpConnectionListener.call(plain, socket);
    });
  });

  return Object.assign(plain, {
    setCredentials(next: TlsCredentials) {
      // setSecureContext replaces every TLS option of the context, the minimum version too.
      secure.setSecureContext({ ...next, minVersion: 'TLSv1.2' });
    },
    closeHttp2Sessions() {
      closing = true;
      for (const session of sessions) session.close();
      http1OverTls.closeIdleConnections();
    },
    secure,
  });
}
