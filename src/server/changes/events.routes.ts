import type { FastifyPluginAsync } from 'fastify';
import { LIVE_EVENTS, type LiveChange } from '../../shared/domain/changes.ts';
import { serve } from '../http/serve.ts';
import type { ChangeFeed } from './change-feed.ts';
import { canReplayFrom, changesAfter, newestChangeSeq } from './change-log.service.ts';

/** A reconnecting client is brought up to date with at most this many changes; beyond it, "resync". */
export const MAX_REPLAY = 2000;
/** The browser waits this long before reconnecting a dropped stream (the `retry` field). */
const RETRY_MS = 2000;

export type LiveStreams = {
  /** Re-checks every open stream's session (after a sign-out) and closes those that lost it. */
  recheckSessions(): void;
  /** Ends every stream (server shutdown: an open stream would hold `close()` forever). */
  closeAll(): void;
  readonly size: number;
};

type Stream = { close: () => void; stillSignedIn: () => Promise<boolean> };

export type EventRoutesOptions = {
  feed: ChangeFeed;
  /** Whether the request's session is still valid (cookies as sent when the stream opened). */
  sessionValid: (headers: Record<string, string | string[] | undefined>) => Promise<boolean>;
  /** Sessions are re-checked this often anyway (an expired session ends its stream). */
  recheckEveryMs?: number;
};

/**
 * @fastify/sse sets `Connection: keep-alive`, which HTTP/2 forbids (RFC 9113 §8.2.2): Node drops it with a
 * warning on every stream. Over HTTP/2 the header is left out before it is set.
 */
function dropConnectionHeader(raw: { setHeader(name: string, value: unknown): unknown }): void {
  const setHeader = raw.setHeader.bind(raw);
  raw.setHeader = (name: string, value: unknown) =>
    name.toLowerCase() === 'connection' ? raw : setHeader(name, value);
}

function parseSeq(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/**
 * GET /api/events: the shop's live changes as Server-Sent Events (registered inside the shop plugin, so a
 * session is required like everywhere). Every stream starts with `hello` (id = newest change); a client that
 * names its last change (Last-Event-ID on an automatic reconnect, or ?since=) first gets what it missed from
 * the change log, or `resync` when that is no longer possible.
 */
export function eventRoutes(options: EventRoutesOptions): {
  plugin: FastifyPluginAsync;
  streams: LiveStreams;
} {
  const { feed, sessionValid } = options;
  const open = new Set<Stream>();
  const recheck = () => {
    for (const stream of open) {
      void stream.stillSignedIn().then(
        (valid) => valid || stream.close(),
        () => undefined,
      );
    }
  };
  const timer = setInterval(recheck, options.recheckEveryMs ?? 5 * 60 * 1000);
  timer.unref();

  const streams: LiveStreams = {
    recheckSessions: recheck,
    closeAll() {
      clearInterval(timer);
      for (const stream of open) stream.close();
      open.clear();
    },
    get size() {
      return open.size;
    },
  };

  const plugin: FastifyPluginAsync = async (app) => {
    serve(
      app,
      'events',
      {
        // 'manual': no Accept negotiation (its 406 would answer in English); this route always streams.
        sse: { kind: 'manual' },
      },
      async ({ db, query, request, reply }) => {
        if (request.raw.httpVersionMajor === 2) dropConnectionHeader(reply.raw);
        const sse = reply.sse;
        sse.keepAlive();
        const since = parseSeq(sse.lastEventId) ?? query.since;
        let sentUpTo = 0;
        let ready = false;
        const waiting: LiveChange[] = [];
        const send = (change: LiveChange) => {
          if (change.seq <= sentUpTo || !sse.isConnected) return;
          sentUpTo = change.seq;
          sse
            .send({ id: String(change.seq), event: LIVE_EVENTS.change, data: change })
            .catch(() => undefined);
        };
        // Subscribe before reading the log, so nothing committed in between is lost (duplicates are skipped).
        const unsubscribe = feed.subscribe((change) => (ready ? send(change) : waiting.push(change)));
        const stream: Stream = {
          close: () => sse.close(),
          stillSignedIn: () => sessionValid(request.headers),
        };
        open.add(stream);
        sse.onClose(() => {
          unsubscribe();
          open.delete(stream);
        });

        const newest = await newestChangeSeq(db);
        if (since !== undefined && since < newest) {
          const missed = (await canReplayFrom(db, since))
            ? await changesAfter(db, since, MAX_REPLAY + 1)
            : null;
          if (missed === null || missed.length > MAX_REPLAY) {
            await sse.send({ id: String(newest), event: LIVE_EVENTS.resync, data: { seq: newest } });
          } else {
            for (const change of missed) send(change);
          }
        } else if (since !== undefined && since > newest) {
          // A change this database never had: another database, or one restored from a backup.
          await sse.send({ id: String(newest), event: LIVE_EVENTS.resync, data: { seq: newest } });
        }
        sentUpTo = Math.max(sentUpTo, newest);
        await sse.send({
          id: String(sentUpTo),
          event: LIVE_EVENTS.hello,
          data: { seq: sentUpTo },
          retry: RETRY_MS,
        });
        ready = true;
        for (const change of waiting.splice(0)) send(change);
      },
    );
  };
  return { plugin, streams };
}
