/**
 * The login page: the first thing a phone loads, so it is a form and a few lines of plain DOM, with
 * no React, no MUI and no validation library (tests/architecture keeps it so). It looks like the app's cards
 * (login-style.ts) and says the same Danish things the app would. When the sign-in answers, the app starts in
 * the same page at Puden (entry.ts) and greets the owner; its code was fetched while she typed.
 */

import { type ApiRoute, apiRoutes, urlOf } from '../../shared/api/routes.ts';
import { validateLogin } from '../../shared/domain/login-form.ts';
import { takeEarlyAnswer } from '../../shared/page-contract.ts';
import { publicPages, START_PATH } from '../../shared/public-pages.ts';
import { authTexts as t } from '../../shared/texts/auth.ts';
import { errorTexts } from '../../shared/texts/errors.ts';
import { signInErrorMessage } from '../features/auth/sign-in-error.ts';
import { leaveNotice, takeNotice } from '../lib/handover-notice.ts';
import { rememberedUser } from '../lib/remembered-user.ts';
import { LOGIN_STYLE } from './login-style.ts';

/** Where a sign-in leads. */
const FIRST_PAGE = START_PATH;

type StartApp = (path: string) => void;
type Answer = { ok: boolean; status: number; body: unknown } | 'offline';

/**
 * A JSON call of a route without params or query (src/shared/api/routes.ts; the table is types and paths, no
 * zod); the answer the boot script asked for early (api/first-reads.ts, keyed by the same `urlOf`) is taken
 * over once.
 */
async function call(route: ApiRoute, payload?: unknown): Promise<Answer> {
  const url = urlOf(route);
  const early = route.method === 'GET' ? takeEarlyAnswer(url) : undefined;
  try {
    const response =
      (early && (await early)) ||
      (await fetch(url, {
        method: route.method,
        credentials: 'same-origin',
        headers: {
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      }));
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    return { ok: response.ok, status: response.status, body };
  } catch {
    return 'offline';
  }
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** An outlined text field with its label on the border, as the app's (MUI) fields look. */
function field(name: 'email' | 'password', label: string, attributes: Record<string, string>) {
  const id = `login-${name}`;
  const input = element('input', {
    id,
    name,
    placeholder: ' ',
    'aria-describedby': `${id}-helper`,
    ...attributes,
  });
  const helper = element('p', { id: `${id}-helper`, class: 'login-helper' });
  const wrapper = element(
    'div',
    { class: 'login-field' },
    input,
    element('label', { for: id }, label),
    helper,
  );
  return {
    wrapper,
    input,
    setError(message: string | undefined) {
      wrapper.classList.toggle('login-error', Boolean(message));
      input.setAttribute('aria-invalid', message ? 'true' : 'false');
      helper.textContent = message ?? '';
    },
  };
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;
/** A toast at the bottom, as the app's (sonner, rich colours): 2 s for good news, 6 s for a refusal. */
function toast(region: HTMLElement, kind: 'success' | 'error', message: string) {
  clearTimeout(toastTimer);
  region.replaceChildren(element('div', { class: `login-toast login-toast-${kind}` }, message));
  toastTimer = setTimeout(() => region.replaceChildren(), kind === 'error' ? 6000 : 2000);
}

/**
 * `prepareApp` evaluates the app's code without starting it: done while the sign-in request is under way, so
 * the app is ready to start when it answers (entry.ts).
 */
export function showLoginPage(startApp: StartApp, prepareApp: () => Promise<unknown> = async () => {}): void {
  const root = document.getElementById('root');
  if (!root) return;
  document.head.append(element('style', {}, LOGIN_STYLE));
  document.title = `${t.loginTitle} – Nålepuden`;

  const email = field('email', t.email, {
    type: 'email',
    autocomplete: 'username',
    inputmode: 'email',
    autofocus: '',
  });
  const password = field('password', t.password, { type: 'password', autocomplete: 'current-password' });
  const submit = element('button', { type: 'submit', class: 'login-button login-primary' }, t.login);
  const form = element(
    'form',
    { novalidate: '', class: 'login-form' },
    email.wrapper,
    password.wrapper,
    submit,
  );
  const region = element('section', {
    class: 'login-toasts',
    'aria-live': 'polite',
    'aria-label': 'Beskeder',
  });
  const page = element(
    'main',
    { class: 'login-page' },
    element(
      'div',
      { class: 'login-card' },
      element(
        'div',
        { class: 'login-brand' },
        element('img', { src: '/favicon.svg', alt: '' }),
        element('p', {}, 'Nålepuden'),
      ),
      element('h1', {}, t.loginTitle),
      form,
    ),
  );

  const show = () => {
    root.replaceChildren(page, region);
    if (document.activeElement === document.body) email.input.focus();
    const notice = takeNotice();
    if (notice) toast(region, 'success', notice);
  };

  // While the owner types (or her browser fills in), the app's and Puden's code is fetched, not run.
  form.addEventListener('input', () => window.naalepudenPreloadApp?.(FIRST_PAGE), { once: true });
  email.input.addEventListener('input', () => email.setError(undefined));
  password.input.addEventListener('input', () => password.setError(undefined));

  let submitting = false;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submitting) return;
    const values = { email: email.input.value, password: password.input.value };
    const errors = validateLogin(values);
    email.setError(errors.email);
    password.setError(errors.password);
    if (errors.email) return email.input.focus();
    if (errors.password) return password.input.focus();
    submitting = true;
    submit.disabled = true;
    submit.textContent = t.loggingIn;
    window.naalepudenPreloadApp?.(FIRST_PAGE);
    const pending = call(apiRoutes.signIn, { email: values.email.trim(), password: values.password });
    // The app's code runs while the server checks the password (it only evaluates; startApp starts it). A
    // load that fails costs only the head start.
    void prepareApp().catch(() => undefined);
    const answer = await pending;
    const user =
      answer !== 'offline' && answer.ok ? (answer.body as { user?: { name?: string } }).user : undefined;
    if (user) {
      leaveNotice(t.welcome(user.name ?? ''));
      startApp(FIRST_PAGE);
      return;
    }
    const refusal =
      answer === 'offline'
        ? { message: errorTexts.network }
        : { status: answer.status, ...(answer.body as { code?: string; message?: string } | null) };
    toast(region, 'error', t.loginFailed(signInErrorMessage(refusal)));
    submitting = false;
    submit.disabled = false;
    submit.textContent = t.login;
  });

  const offerGoogle = () => {
    const button = element(
      'button',
      { type: 'button', class: 'login-button login-outlined' },
      t.loginWithGoogle,
    );
    button.addEventListener('click', async () => {
      const answer = await call(apiRoutes.signInSocial, {
        provider: 'google',
        callbackURL: FIRST_PAGE,
        errorCallbackURL: publicPages.login,
      });
      const url = answer !== 'offline' && answer.ok ? (answer.body as { url?: string }).url : undefined;
      if (url) return window.location.assign(url);
      const refusal =
        answer === 'offline'
          ? { message: errorTexts.network }
          : { status: answer.status, ...(answer.body as { code?: string; message?: string } | null) };
      toast(region, 'error', t.loginFailed(signInErrorMessage(refusal)));
    });
    form.append(
      element('div', { class: 'login-divider', role: 'separator' }, element('span', {}, t.or)),
      button,
    );
  };

  // The owner of the last session on this browser waits for the session check (the loading page stays), so she
  // does not see the form flash before Puden; anyone else gets the form at once.
  const remembered = rememberedUser();
  if (!remembered) show();
  void (async () => {
    const [session, setup] = await Promise.all([call(apiRoutes.session), call(apiRoutes.setupStatus)]);
    // Offline the owner of the last session opens her cached data (the app says it is offline).
    if (session === 'offline' && remembered) return startApp(FIRST_PAGE);
    if (session !== 'offline' && session.ok && (session.body as { user?: unknown } | null)?.user) {
      return startApp(FIRST_PAGE);
    }
    const status =
      setup !== 'offline' && setup.ok ? (setup.body as { needsSetup?: boolean; google?: boolean }) : null;
    if (status?.needsSetup) return startApp(publicPages.setup);
    if (status?.google) offerGoogle();
    if (remembered) show();
  })();
}
