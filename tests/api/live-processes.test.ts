import { describe, expect, it } from 'vitest';
import type { LiveChange } from '../../src/shared/domain/changes.ts';
import { processLeftovers } from '../support/process-leftovers.ts';
import { callApi, type ServerProcess, signInOwner } from '../support/server-process.ts';
import { openSse } from '../support/sse-client.ts';

const processes = processLeftovers();
const dataDir = () => processes.folder('live-');
const { start } = processes;
const listen = async (server: ServerProcess, cookie: string, headers: Record<string, string> = {}) => {
  const stream = await openSse(`${server.url}/api/events`, { cookie, ...headers });
  processes.closeAfter(() => stream.close());
  expect(stream.status).toBe(200);
  return stream;
};
const changeOf = (data: string) => JSON.parse(data) as LiveChange;

describe('live events and a server process that dies', () => {
  it('a client catches up from Last-Event-ID after the server was killed and restarted', async () => {
    const dir = dataDir();
    const first = await start(dir);
    const cookie = await signInOwner(first.url);
    const stream = await listen(first, cookie);
    await stream.next((event) => event.event === 'hello');
    const before = await callApi(first.url, cookie, 'POST', '/api/customers', { name: 'Før Frida' });
    const seen = await stream.next((event) => event.event === 'change');
    expect(changeOf(seen.data).id).toBe((await before.json()).id);

    first.child.kill('SIGKILL');
    await first.exited;
    await stream.ended;

    const second = await start(dir);
    // Changes made before the client is back (its browser waits `retry` ms before reconnecting).
    const missed = await callApi(second.url, cookie, 'POST', '/api/customers', { name: 'Under Ulla' });
    expect(missed.status).toBe(201);
    const resumed = await listen(second, cookie, { 'last-event-id': seen.id ?? '' });
    const replayed = await resumed.next((event) => event.event === 'change');
    expect(changeOf(replayed.data)).toMatchObject({ entity: 'customer', id: (await missed.json()).id });
    expect((await resumed.next()).event).toBe('hello');
  }, 60_000);

  it('a stopping server ends its open streams and exits within 5 s', async () => {
    const server = await start(dataDir());
    const cookie = await signInOwner(server.url);
    const stream = await listen(server, cookie);
    await stream.next((event) => event.event === 'hello');
    const stopping = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    await stream.ended;
    expect(Date.now() - stopping).toBeLessThan(5000);
  }, 60_000);
});

describe.runIf(process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  it('a client of process A sees a change made through process B, and the other way round', async () => {
    const database = await processes.database('postgres');
    // Both processes share the database and the signing secret, as behind a load balancer.
    // The feed's safety-net poll is switched off (an hour), so only NOTIFY can carry a change across.
    const env = {
      DATABASE_URL: database.url,
      AUTH_SECRET: 'a-shared-secret-of-at-least-32-characters!',
      LIVE_POLL_MS: '3600000',
    };
    const a = await start(dataDir(), env);
    const b = await start(dataDir(), env);
    const cookie = await signInOwner(a.url);
    const onA = await listen(a, cookie);
    const onB = await listen(b, cookie);
    await onA.next((event) => event.event === 'hello');
    await onB.next((event) => event.event === 'hello');

    const viaB = await (await callApi(b.url, cookie, 'POST', '/api/customers', { name: 'Via Bente' })).json();
    const viaA = await (
      await callApi(a.url, cookie, 'POST', '/api/customers', { name: 'Via Anders' })
    ).json();
    for (const stream of [onA, onB]) {
      const firstChange = await stream.next((event) => event.event === 'change', 3000);
      const secondChange = await stream.next((event) => event.event === 'change', 3000);
      expect([changeOf(firstChange.data).id, changeOf(secondChange.data).id]).toEqual([viaB.id, viaA.id]);
    }
  }, 60_000);
});
