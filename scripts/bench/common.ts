/**
 * What the parts of `npm run bench` (scripts/bench.ts) share: the browser, the bench account, the screens,
 * the running bench and how figures are printed.
 */
import net from 'node:net';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const USER = { email: 'bench@perler.dk', password: 'bench-kode-123', name: 'Bench' };
export const FLOOR = 'Floor (React + MUI)';
export const SCREENS = [
  { name: FLOOR, path: '/floor/index.html', signedIn: false },
  { name: 'Login', path: '/login', signedIn: false },
  { name: 'Puden', path: '/pillow', signedIn: true },
  { name: 'Kunder', path: '/customers', signedIn: true },
  { name: 'Nåle', path: '/needles', signedIn: true },
  { name: 'Ordrer', path: '/orders', signedIn: true },
  { name: 'Todo', path: '/todos', signedIn: true },
  { name: 'Pakning', path: '/packing', signedIn: true },
  { name: 'Salg', path: '/sales', signedIn: true },
];

/** The big shop's server, signed in as the bench account (scripts/bench/shop.ts). */
export type Shop = {
  base: string;
  /** The server process, whose CPU time the load test reads. */
  serverPid: number | undefined;
  stopServer: () => void;
  /** The session, as a Cookie header and as Playwright cookies. */
  cookie: string;
  cookieParts: Array<{ name: string; value: string; url: string }>;
};

/** A bench under way: its shop, its flags, and what it has measured and printed so far. */
export type Bench = Shop & {
  runs: number;
  /** Seconds of each load test. */
  duration: number;
  /** Written to --out as JSON. */
  results: Record<string, unknown>;
  /** Prints a line of the report (markdown) and keeps it for --out. */
  say: (line?: string) => void;
};

/** The median of the numbers that are numbers (a failed measure's NaN is left out). */
export const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
export const ms = (x: number) => (Number.isNaN(x) ? '—' : `${Math.round(x)} ms`);
export const sec = (x: number) => (Number.isNaN(x) ? '—' : `${(x / 1000).toFixed(2)} s`);

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}
