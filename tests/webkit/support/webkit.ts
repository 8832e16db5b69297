/**
 * WebKitGTK, the engine of every iPhone browser, driven through its W3C WebDriver (`WebKitWebDriver`, Debian's
 * webkit2gtk-driver) with selenium-webdriver. Playwright's own WebKit build cannot be downloaded here, so
 * Playwright only runs these specs; the browser is Debian's MiniBrowser on a virtual X display (Xvfb).
 *
 * - **A phone's viewport.** MiniBrowser's toolbar keeps its window at least 447 px wide. A GTK style in the
 *   browser's own config folder lets the toolbar's widgets shrink (it styles GTK's widgets, never the page),
 *   and the window is made as much taller as the toolbar is high, so the page gets 390 × 844.
 * - **An iPhone's user agent** (the server guesses phone or laptop from it for its first screen) and the
 *   shop's time zone.
 * - **A fresh profile per session**: in automation mode MiniBrowser keeps cookies, storage and service
 *   workers only for the session's life, so every test starts as a new phone.
 * - **A trusted root** for https: WebKitGTK trusts through GnuTLS and the system's CA bundle, so a driver
 *   started with `trust` runs in a private mount namespace where /etc/ssl/certs holds the system's bundle plus
 *   the shop's root (as a phone that installed the profile). Needs root or unprivileged user namespaces.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Builder, type WebDriver } from 'selenium-webdriver';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? 'WebKitWebDriver';
export const MINIBROWSER =
  process.env.WEBKIT_MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const WEBKIT_INSTALL = 'sudo apt-get install -y webkit2gtk-driver xvfb';

/** An iPhone's Safari (every iPhone browser is WebKit and says so). */
export const IPHONE_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
export const PHONE = { width: 390, height: 844 };

function onPath(program: string): boolean {
  if (program.includes('/')) return fs.existsSync(program);
  try {
    execFileSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** What is missing to run WebKit here: nothing, or a sentence naming it and how to install it. */
export function webkitMissing(): string | undefined {
  const missing = [WEBKIT_DRIVER, MINIBROWSER, 'Xvfb'].filter((program) => !onPath(program));
  return missing.length === 0
    ? undefined
    : `${missing.join(', ')} not found: install WebKitGTK's WebDriver with '${WEBKIT_INSTALL}'`;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const stopped = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });

/** A virtual X display of its own (Xvfb picks a free number and tells it through `-displayfd`). */
export async function startDisplay(): Promise<{ display: string; stop: () => Promise<void> }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => reject(new Error('Xvfb did not start within 10 s')), 10_000);
    xvfb.stdio[3]?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${text.trim()}`);
      }
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}`)));
  });
  return { display, stop: () => stopped(xvfb) };
}

/** The GTK style that lets MiniBrowser's toolbar shrink below 447 px (GTK's widgets only, never the page). */
function gtkConfigHome(root: string): string {
  const dir = path.join(root, 'gtk-3.0');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'gtk.css'),
    '* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 6px; }\n' +
      'image { -gtk-icon-transform: scale(0.3); }\n',
  );
  return root;
}

export type DriverOptions = {
  display: string;
  /** PEM files of roots to trust beside the system's (the shop's root): the driver runs in its own mount namespace. */
  trust?: string[];
  /** A scratch folder of the caller's (the GTK style, the CA bundle). */
  scratch: string;
};

export type WebKitDriver = {
  /** A new browser session: a fresh phone (no cookies, no storage, no service worker), 390 × 844. */
  session: () => Promise<WebDriver>;
  stop: () => Promise<void>;
};

/** How long a new session may take before the driver is started again (a MiniBrowser that never came up). */
const SESSION_START_MS = 30_000;

type RunningDriver = { url: string; process: ChildProcess; log: () => string };

/** Kills the driver and everything it started (MiniBrowser and its web processes): its own process group. */
async function killDriver(driver: RunningDriver): Promise<void> {
  const { process: child } = driver;
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
  await exited;
}

/** Starts WebKitWebDriver on a free port, in a process group of its own. */
async function launchDriver(options: DriverOptions): Promise<RunningDriver> {
  const port = await freePort();
  const env = {
    ...process.env,
    DISPLAY: options.display,
    XDG_CONFIG_HOME: gtkConfigHome(path.join(options.scratch, 'config')),
    // No accessibility bus or dconf on a headless machine: without these GTK waits for them or warns.
    NO_AT_BRIDGE: '1',
    GSETTINGS_BACKEND: 'memory',
  };
  let command = WEBKIT_DRIVER;
  let args = [`--port=${port}`];
  if (options.trust && options.trust.length > 0) {
    const certs = path.join(options.scratch, 'certs');
    fs.mkdirSync(certs, { recursive: true });
    const system = fs.existsSync('/etc/ssl/certs/ca-certificates.crt')
      ? fs.readFileSync('/etc/ssl/certs/ca-certificates.crt', 'utf8')
      : '';
    const roots = options.trust.map((file) => fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(path.join(certs, 'ca-certificates.crt'), [system, ...roots].join('\n'));
    command = 'unshare';
    const privileged = process.getuid?.() === 0 ? [] : ['--map-root-user'];
    args = [
      ...privileged,
      '--mount',
      '--propagation',
      'private',
      'sh',
      '-c',
      `mount --bind "$0" /etc/ssl/certs && exec "$1" "$2"`,
      certs,
      WEBKIT_DRIVER,
      `--port=${port}`,
    ];
  }
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const driver = { url: `http://127.0.0.1:${port}`, process: child, log: () => log };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${child.exitCode}: ${log}`);
    try {
      if ((await fetch(`${driver.url}/status`)).ok) return driver;
    } catch {}
    if (Date.now() > deadline) {
      await killDriver(driver);
      throw new Error(`WebKitWebDriver did not answer within 15 s: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const CAPABILITIES = {
  browserName: 'MiniBrowser',
  'webkitgtk:browserOptions': {
    binary: MINIBROWSER,
    args: ['--automation', '--time-zone=Europe/Copenhagen', `--user-agent=${IPHONE_USER_AGENT}`],
  },
};

/** A session, or an error once SESSION_START_MS has passed (the driver is then killed by the caller). */
async function newSession(driver: RunningDriver): Promise<WebDriver> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let gaveUp = false;
  const building = new Builder().usingServer(driver.url).withCapabilities(CAPABILITIES).build();
  // A session that comes after all is not wanted any more.
  building.then(
    (late) => (gaveUp ? late.quit().catch(() => undefined) : undefined),
    () => undefined,
  );
  try {
    return await Promise.race([
      building,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          gaveUp = true;
          reject(new Error(`no WebKit session within ${SESSION_START_MS / 1000} s: ${driver.log()}`));
        }, SESSION_START_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Starts WebKitWebDriver on a free port, on the given display. A session that does not start within
 * SESSION_START_MS (seen once on a loaded machine: MiniBrowser never answered) restarts the driver and is
 * tried once more.
 */
export async function startDriver(options: DriverOptions): Promise<WebKitDriver> {
  let driver = await launchDriver(options);
  const sessions = new Set<WebDriver>();
  const start = async (): Promise<WebDriver> => {
    try {
      return await newSession(driver);
    } catch (error) {
      console.warn(`WebKit: ${(error as Error).message}; starting the driver again`);
      await killDriver(driver);
      sessions.clear();
      driver = await launchDriver(options);
      return newSession(driver);
    }
  };
  return {
    session: async () => {
      const browser = await start();
      sessions.add(browser);
      await browser.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 });
      // The toolbar's height is whatever GTK makes of the style: measure it, then size the page to 390 × 844.
      await browser
        .manage()
        .window()
        .setRect({ width: PHONE.width, height: PHONE.height + 40 });
      const [innerWidth, innerHeight] = (await browser.executeScript('return [innerWidth, innerHeight]')) as [
        number,
        number,
      ];
      const rect = await browser.manage().window().getRect();
      await browser
        .manage()
        .window()
        .setRect({
          width: rect.width + PHONE.width - innerWidth,
          height: rect.height + PHONE.height - innerHeight,
        });
      const quit = browser.quit.bind(browser);
      browser.quit = async () => {
        sessions.delete(browser);
        await quit().catch(() => undefined);
      };
      return browser;
    },
    stop: async () => {
      for (const browser of [...sessions]) await browser.quit();
      await killDriver(driver);
    },
  };
}
