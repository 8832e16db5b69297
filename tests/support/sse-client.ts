/**
 * A minimal Server-Sent Events reader over fetch, for tests: it parses the stream into events and lets a test
 * wait for the next one that matches. (Node has no EventSource; this reads exactly what a browser would.)
 */
export type SseEvent = { id: string | undefined; event: string; data: string; retry?: number };

export type SseConnection = {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Comment lines seen (heartbeats). */
  comments: number;
  /** Resolves with the first event (at or after the reading position) matching `match`. */
  next(match?: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  let position = 0;
  let comments = 0;
  const connection: SseConnection = {
    status: response.status,
    headers: response.headers,
    events,
    get comments() {
      return comments;
    },
    next(match = () => true, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          while (position < events.length) {
            const event = events[position++]!;
            if (match(event)) {
              waiters.delete(check);
              clearTimeout(timer);
              resolve(event);
              return;
            }
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching SSE event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    ended: Promise.resolve(),
    close: () => controller.abort(),
  };
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return connection;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  connection.ended = (async () => {
    let buffer = '';
    let current: Partial<SseEvent> & { data?: string } = {};
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let newline = buffer.indexOf('\n');
        while (newline >= 0) {
          const line = buffer.slice(0, newline).replace(/\r$/, '');
          buffer = buffer.slice(newline + 1);
          if (line === '') {
            if (current.data !== undefined || current.event !== undefined) {
              events.push({
                id: current.id,
                event: current.event ?? 'message',
                data: current.data ?? '',
                retry: current.retry,
              });
              for (const waiter of [...waiters]) waiter();
            }
            current = {};
          } else if (line.startsWith(':')) {
            comments++;
          } else {
            const colon = line.indexOf(':');
            const field = colon < 0 ? line : line.slice(0, colon);
            const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
            if (field === 'data')
              current.data = current.data === undefined ? value : `${current.data}\n${value}`;
            else if (field === 'event') current.event = value;
            else if (field === 'id') current.id = value;
            else if (field === 'retry') current.retry = Number(value);
          }
          newline = buffer.indexOf('\n');
        }
      }
    } catch {
      // Aborted by close() or the connection dropped.
    }
  })();
  return connection;
}
