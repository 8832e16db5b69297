/**
 * The login page without React: its form checks itself in Danish, signs in and starts the app at
 * Puden with a greeting, says a refusal in a toast, and sends a signed-in visitor or a fresh install on.
 * The server is played by a stubbed fetch (the end-to-end tests sign in against the real one).
 */
import { screen, waitFor } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeNotice } from '../lib/handover-notice.ts';
import { showLoginPage } from './login-page.ts';

type Route = (init?: RequestInit) => Response | Promise<Response>;
const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

function server(routes: Record<string, Route>) {
  const calls: Array<{ url: string; body?: unknown }> = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const route = routes[url];
    if (!route) return json({ message: 'Findes ikke', code: 'NOT_FOUND' }, 404);
    return route(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const signedOut: Record<string, Route> = {
  '/api/auth/get-session': () => json(null),
  '/api/setup': () => json({ needsSetup: false, google: false }),
};

beforeEach(() => {
  document.body.innerHTML = '<div id="root"><p>Indlæser...</p></div>';
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const style of document.head.querySelectorAll('style')) style.remove();
});

describe('the login page', () => {
  it('checks its fields in Danish before sending anything', async () => {
    const calls = server(signedOut);
    showLoginPage(vi.fn());
    await userEvent.click(await screen.findByRole('button', { name: 'Log ind' }));
    expect(screen.getByText('E-mail er påkrævet')).toBeInTheDocument();
    expect(screen.getByText('Adgangskode er påkrævet')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();
    await userEvent.type(screen.getByRole('textbox', { name: 'E-mail' }), 'birthe@perler');
    await userEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    expect(screen.getByText('Indtast en gyldig e-mail')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.includes('sign-in'))).toEqual([]);
  });

  it('signs in, leaves "Velkommen …" for the app and starts it at Puden', async () => {
    const calls = server({
      ...signedOut,
      '/api/auth/sign-in/email': () => json({ user: { id: 'u1', name: 'Birthe Ørsted', email: 'b@p.dk' } }),
    });
    const startApp = vi.fn();
    const prepareApp = vi.fn(async () => {
      // The app's code is evaluated while the sign-in is under way, not after it answered.
      expect(startApp).not.toHaveBeenCalled();
    });
    showLoginPage(startApp, prepareApp);
    await userEvent.type(await screen.findByLabelText('E-mail'), ' birthe@perler.dk ');
    await userEvent.type(screen.getByLabelText('Adgangskode'), 'perler-og-nåle-42');
    await userEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    await waitFor(() => expect(startApp).toHaveBeenCalledWith('/pillow'));
    expect(prepareApp).toHaveBeenCalledTimes(1);
    expect(calls.find((call) => call.url === '/api/auth/sign-in/email')?.body).toEqual({
      email: 'birthe@perler.dk',
      password: 'perler-og-nåle-42',
    });
    expect(takeNotice()).toBe('Velkommen Birthe Ørsted');
  });

  it('says a refusal as "Login fejlede: …" and lets the owner try again', async () => {
    server({
      ...signedOut,
      '/api/auth/sign-in/email': () =>
        json({ message: 'Forkert e-mail eller adgangskode', code: 'INVALID_EMAIL_OR_PASSWORD' }, 401),
    });
    const startApp = vi.fn();
    showLoginPage(startApp);
    await userEvent.type(await screen.findByLabelText('E-mail'), 'birthe@perler.dk');
    await userEvent.type(screen.getByLabelText('Adgangskode'), 'forkert');
    await userEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    expect(await screen.findByText('Login fejlede: Forkert e-mail eller adgangskode')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log ind' })).toBeEnabled();
    expect(startApp).not.toHaveBeenCalled();
  });

  it('says so when the server cannot be reached', async () => {
    server({
      ...signedOut,
      '/api/auth/sign-in/email': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    showLoginPage(vi.fn());
    await userEvent.type(await screen.findByLabelText('E-mail'), 'birthe@perler.dk');
    await userEvent.type(screen.getByLabelText('Adgangskode'), 'perler-og-nåle-42');
    await userEvent.click(screen.getByRole('button', { name: 'Log ind' }));
    expect(
      await screen.findByText('Login fejlede: Kunne ikke få forbindelse til serveren'),
    ).toBeInTheDocument();
  });

  it('sends a signed-in visitor to Puden and a fresh install to the owner set-up', async () => {
    server({ ...signedOut, '/api/auth/get-session': () => json({ user: { id: 'u1', name: 'B' } }) });
    const signedIn = vi.fn();
    showLoginPage(signedIn);
    await waitFor(() => expect(signedIn).toHaveBeenCalledWith('/pillow'));

    server({ ...signedOut, '/api/setup': () => json({ needsSetup: true, google: false }) });
    const fresh = vi.fn();
    showLoginPage(fresh);
    await waitFor(() => expect(fresh).toHaveBeenCalledWith('/setup'));
  });

  it('opens the cached app for the last session’s owner when offline, and shows the form to anyone else', async () => {
    server({ '/api/auth/get-session': () => Promise.reject(new TypeError('offline')) });
    localStorage.setItem('naalepuden-user', JSON.stringify({ id: 'u1', name: 'Birthe', email: 'b@p.dk' }));
    vi.resetModules();
    const remembered = await import('./login-page.ts');
    const startApp = vi.fn();
    remembered.showLoginPage(startApp);
    await waitFor(() => expect(startApp).toHaveBeenCalledWith('/pillow'));
  });

  it('offers Google when the server has it, and shows the app’s "logged out" message', async () => {
    server({ ...signedOut, '/api/setup': () => json({ needsSetup: false, google: true }) });
    sessionStorage.setItem('naalepuden-notice', 'Du er nu logget ud!');
    showLoginPage(vi.fn());
    expect(await screen.findByText('Du er nu logget ud!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Log ind med Google' })).toBeInTheDocument();
  });
});
