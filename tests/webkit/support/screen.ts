/**
 * Finding things in WebKit as a person does: by role and Danish name, label or text, with Testing Library's
 * own queries (the component tests' `getByRole`), bundled once and put into each page the browser loads.
 * Every wait polls until a deadline, as Playwright's `expect` does, and every action finds its element again
 * when React replaced it meanwhile (a stale element) or something lay over it for a moment (a closing dialog).
 *
 * Names follow Testing Library: a string matches the whole accessible name or text (after trimming and
 * collapsing spaces), a RegExp any part of it. Elements inside an `inert` subtree (the server's first screen
 * before the app takes it over) and elements that take no space are never found; roles, as Playwright's, also
 * leave out what is hidden from assistive technology (the page behind an open dialog), texts do not (a toast).
 */
import { build } from 'esbuild';
import { Key, type WebDriver, type WebElement } from 'selenium-webdriver';

const GLOBAL = '__naalepudenTL';
let bundle: Promise<string> | undefined;

/** @testing-library/dom as one script that defines `window.__naalepudenTL`. */
function testingLibrary(): Promise<string> {
  bundle ??= build({
    stdin: { contents: "export * from '@testing-library/dom';", resolveDir: process.cwd() },
    bundle: true,
    format: 'iife',
    globalName: GLOBAL,
    platform: 'browser',
    minify: true,
    write: false,
    logLevel: 'warning',
    define: {
      'process.env.NODE_ENV': '"production"',
      'process.env.DEBUG_PRINT_LIMIT': 'undefined',
      'process.env.COLORS': 'undefined',
    },
  }).then((result) => `${result.outputFiles[0]?.text ?? ''};window.${GLOBAL} = ${GLOBAL};`);
  return bundle;
}

type Pattern = string | { source: string; flags: string };
const pattern = (value: string | RegExp): Pattern =>
  typeof value === 'string' ? value : { source: value.source, flags: value.flags };

export type RoleOptions = { name?: string | RegExp; level?: number; checked?: boolean; selected?: boolean };
type Step =
  | { kind: 'role'; role: string; name?: Pattern; level?: number; checked?: boolean; selected?: boolean }
  | { kind: 'text'; text: Pattern; exact: boolean }
  | { kind: 'label'; text: Pattern; exact: boolean }
  | { kind: 'css'; selector: string }
  | { kind: 'nth'; index: number };

/** Runs in the page: every element the chain of steps finds, in document order. */
const FIND = `
const [steps, global] = arguments;
const TL = window[global];
if (!TL) return 'no-library';
const revive = (p) => (p === undefined || typeof p === 'string' ? p : new RegExp(p.source, p.flags));
const shown = (el) => {
  if (el.closest('[inert]')) return false;
  if (el.getClientRects().length === 0) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && style.display !== 'none';
};
let found = [document.body];
for (const step of steps) {
  if (step.kind === 'nth') { found = found[step.index] ? [found[step.index]] : []; continue; }
  const next = [];
  for (const container of found) {
    let hits;
    if (step.kind === 'role') {
      const options = { name: revive(step.name) };
      if (step.level !== undefined) options.level = step.level;
      if (step.checked !== undefined) options.checked = step.checked;
      if (step.selected !== undefined) options.selected = step.selected;
      hits = TL.queryAllByRole(container, step.role, options);
    } else if (step.kind === 'text') {
      hits = TL.queryAllByText(container, revive(step.text), { exact: step.exact, ignore: 'script, style' });
    } else if (step.kind === 'label') {
      hits = TL.queryAllByLabelText(container, revive(step.text), { exact: step.exact });
    } else {
      hits = [...container.querySelectorAll(step.selector)];
    }
    for (const hit of hits) if (shown(hit) && !next.includes(hit)) next.push(hit);
  }
  found = next;
}
return found;
`;

const RETRYABLE =
  /StaleElementReference|ElementClickIntercepted|ElementNotInteractable|JavascriptError|NoSuchElement|detached|not attached|document unloaded|navigat/i;
const retryable = (error: unknown) =>
  RETRYABLE.test(`${(error as Error)?.name ?? ''} ${(error as Error)?.message ?? ''}`);

export const DEFAULT_TIMEOUT_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A description of what a chain of steps looks for, for failure messages. */
function describe(steps: Step[]): string {
  return steps
    .map((step) => {
      if (step.kind === 'role')
        return `role ${step.role}${step.name ? ` "${JSON.stringify(step.name)}"` : ''}`;
      if (step.kind === 'text' || step.kind === 'label') return `${step.kind} ${JSON.stringify(step.text)}`;
      if (step.kind === 'css') return `css ${step.selector}`;
      return `nth ${step.index}`;
    })
    .join(' › ');
}

/** Something on the screen, found again at every use (Playwright's locator, over WebDriver). */
export class Locator {
  constructor(
    readonly driver: WebDriver,
    private readonly steps: Step[],
  ) {}

  private then_(step: Step): Locator {
    return new Locator(this.driver, [...this.steps, step]);
  }
  role(role: string, options: RoleOptions = {}): Locator {
    return this.then_({
      kind: 'role',
      role,
      ...(options.name !== undefined ? { name: pattern(options.name) } : {}),
      ...(options.level !== undefined ? { level: options.level } : {}),
      ...(options.checked !== undefined ? { checked: options.checked } : {}),
      ...(options.selected !== undefined ? { selected: options.selected } : {}),
    });
  }
  /** Text of an element's own (Testing Library's `getByText`); `exact: false` finds a part, ignoring case. */
  text(text: string | RegExp, { exact = true }: { exact?: boolean } = {}): Locator {
    return this.then_({ kind: 'text', text: pattern(text), exact });
  }
  /**
   * A field by its label; by default a part of it, ignoring case (a required field's label ends in ' *'), as
   * Playwright's `getByLabel`.
   */
  label(text: string | RegExp, { exact = false }: { exact?: boolean } = {}): Locator {
    return this.then_({ kind: 'label', text: pattern(text), exact });
  }
  /** For what has no role or name of its own (a toast's container). */
  css(selector: string): Locator {
    return this.then_({ kind: 'css', selector });
  }
  nth(index: number): Locator {
    return this.then_({ kind: 'nth', index });
  }
  first(): Locator {
    return this.nth(0);
  }

  /** Every element found now (none while a page loads). */
  async all(): Promise<WebElement[]> {
    try {
      let found = await this.driver.executeScript(FIND, this.steps, GLOBAL);
      if (found === 'no-library') {
        await this.driver.executeScript(await testingLibrary());
        found = await this.driver.executeScript(FIND, this.steps, GLOBAL);
      }
      return Array.isArray(found) ? (found as WebElement[]) : [];
    } catch (error) {
      if (retryable(error)) return [];
      throw error;
    }
  }

  async count(): Promise<number> {
    return (await this.all()).length;
  }

  /** Waits until `check` holds for what is found, or fails naming what was looked for. */
  async waitUntil(
    check: (found: WebElement[]) => Promise<boolean> | boolean,
    what: string,
    timeout = DEFAULT_TIMEOUT_MS,
  ): Promise<WebElement[]> {
    const deadline = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      const found = await this.all();
      try {
        if (await check(found)) return found;
      } catch (error) {
        if (!retryable(error)) throw error;
        last = error;
      }
      if (Date.now() > deadline) {
        const url = await this.driver.getCurrentUrl().catch(() => '?');
        throw new Error(
          `WebKit: ${describe(this.steps)} — expected ${what} within ${timeout} ms (found ${found.length}; at ${url})${last ? `: ${String(last)}` : ''}`,
        );
      }
      await sleep(100);
    }
  }

  /** The first element found, once there is one. */
  async element(timeout = DEFAULT_TIMEOUT_MS): Promise<WebElement> {
    const [first] = await this.waitUntil((found) => found.length > 0, 'to be shown', timeout);
    return first as WebElement;
  }
  async visible(timeout = DEFAULT_TIMEOUT_MS): Promise<void> {
    await this.element(timeout);
  }
  async hidden(timeout = DEFAULT_TIMEOUT_MS): Promise<void> {
    await this.waitUntil((found) => found.length === 0, 'to be gone', timeout);
  }
  async hasCount(count: number, timeout = DEFAULT_TIMEOUT_MS): Promise<void> {
    await this.waitUntil((found) => found.length === count, `${count} of them`, timeout);
  }

  /** Runs `act` on the first element, again on a fresh one while React replaces it or something covers it. */
  private async act<T>(act: (element: WebElement) => Promise<T>, timeout = DEFAULT_TIMEOUT_MS): Promise<T> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const element = await this.element(Math.max(500, deadline - Date.now()));
      try {
        return await act(element);
      } catch (error) {
        if (!retryable(error) || Date.now() > deadline) throw error;
        await sleep(100);
      }
    }
  }

  /**
   * A tap (WebDriver's element click: a real input event, with the user activation a copy or share needs).
   * The element is first scrolled to the middle of the screen, as a person would: WebKit's WebDriver scrolls it
   * only to an edge, where the app bar or a toast may lie over it.
   */
  click(timeout?: number): Promise<void> {
    return this.act(async (element) => {
      await this.driver.executeScript(
        "arguments[0].scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' })",
        element,
      );
      await this.settled();
      await element.click();
    }, timeout);
  }

  /**
   * Waits (up to 2 s) until nothing on the page moves: a tap aimed at an element that a transition is still
   * moving (a list unfolding above it) lands beside it, as Playwright's own "stable" check knows.
   */
  private async settled(): Promise<void> {
    await this.driver
      .executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         const until = Date.now() + 2000;
         const check = () => {
           const moving = document.getAnimations().some((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
           if (!moving || Date.now() > until) done(); else requestAnimationFrame(check);
         };
         check();`,
      )
      .catch(() => undefined);
  }
  /** Replaces the field's text by typing, as a person does (select all, delete, type). */
  fill(text: string): Promise<void> {
    return this.act(async (element) => {
      await element.click();
      await element.sendKeys(Key.chord(Key.CONTROL, 'a'), Key.BACK_SPACE);
      if (text) await element.sendKeys(text);
    });
  }
  /** Types into the field as it is (Key.RETURN etc. are keys). */
  type(...keys: string[]): Promise<void> {
    return this.act((element) => element.sendKeys(...keys));
  }
  /** Chooses an option of a native select by its text, as a tap in the phone's picker does. */
  select(label: string): Promise<void> {
    return this.act(async (element) => {
      const option = (await this.driver.executeScript(
        'return [...arguments[0].options].find((option) => option.textContent.trim() === arguments[1]) ?? null',
        element,
        label,
      )) as WebElement | null;
      if (!option) throw new Error(`WebKit: the select has no option "${label}"`);
      await option.click();
    });
  }

  /** A field's value as it is now (the property, not the attribute). */
  async value(): Promise<string> {
    return this.act(async (element) =>
      String(await this.driver.executeScript('return arguments[0].value', element)),
    );
  }
  async textContent(): Promise<string> {
    return this.act(async (element) =>
      String(await this.driver.executeScript('return arguments[0].textContent', element)),
    );
  }
  async waitText(expected: string | RegExp, timeout?: number): Promise<void> {
    await this.waitUntil(
      async (found) => {
        if (!found[0]) return false;
        const text = String(await this.driver.executeScript('return arguments[0].textContent', found[0]));
        return typeof expected === 'string' ? text.includes(expected) : expected.test(text);
      },
      `to contain ${String(expected)}`,
      timeout,
    );
  }
  async waitValue(expected: string, timeout?: number): Promise<void> {
    await this.waitUntil(
      async (found) =>
        Boolean(found[0]) &&
        (await this.driver.executeScript('return arguments[0].value', found[0])) === expected,
      `to have the value "${expected}"`,
      timeout,
    );
  }
  async waitFocused(timeout?: number): Promise<void> {
    await this.waitUntil(
      async (found) =>
        Boolean(found[0]) &&
        Boolean(await this.driver.executeScript('return document.activeElement === arguments[0]', found[0])),
      'to have the focus',
      timeout,
    );
  }
  async enabled(timeout?: number): Promise<void> {
    await this.waitUntil(
      async (found) => Boolean(found[0]) && (await found[0]?.isEnabled()) === true,
      'to be enabled',
      timeout,
    );
  }
  async waitAttribute(name: string, expected: string | null, timeout?: number): Promise<void> {
    await this.waitUntil(
      async (found) => Boolean(found[0]) && (await found[0]?.getAttribute(name)) === expected,
      `to have ${name}="${expected}"`,
      timeout,
    );
  }
}

/** The whole page: `screen(driver).role('button', { name: 'Log ind' }).click()`. */
export const screen = (driver: WebDriver) => new Locator(driver, []);

/** Polls `probe` until `accept` holds; fails with the last value seen. */
export async function waitFor<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  timeout = DEFAULT_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let value: T | undefined;
    try {
      value = await probe();
      if (accept(value)) return value;
    } catch (error) {
      if (!retryable(error)) throw error;
    }
    if (Date.now() > deadline)
      throw new Error(`WebKit: expected ${what} within ${timeout} ms (last: ${JSON.stringify(value)})`);
    await sleep(150);
  }
}

/**
 * The app has taken the server's first screen's place (the root has lost `data-first-screen`; a page without
 * a server screen never had it), and it did so by hydrating it: the app rendered exactly what the server did
 * (a hydration React could not complete is marked by src/client/main.tsx and fails here).
 */
export async function appTookOver(phone: WebDriver): Promise<void> {
  await waitFor(
    () => phone.executeScript(`return !document.getElementById('root')?.hasAttribute('data-first-screen')`),
    (done) => done === true,
    'the app to take over the first screen',
    30_000,
  );
  const takeover = (await phone.executeScript(
    `return {
       how: performance.getEntriesByName('naalepuden-takeover')[0]?.detail ?? null,
       errors: performance.getEntriesByName('naalepuden-hydration-error').map((mark) => String(mark.detail)),
       path: location.pathname,
     }`,
  )) as { how: string | null; errors: string[]; path: string };
  if (takeover.errors.length > 0 || takeover.how === 'render')
    throw new Error(
      `WebKit: the app did not hydrate the server's screen at ${takeover.path} (${takeover.how}): ${takeover.errors.join('; ')}`,
    );
}
