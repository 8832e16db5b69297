import type { Api } from './fixtures.ts';
import { OWNER } from './server.ts';

/**
 * The JSON API from the test process itself, signed in as the owner (a session of its own, as the laptop
 * beside the phone): for arranging data when the browser under test is not Playwright's (WebKit through
 * WebDriver, a phone with its own certificate store).
 */
export async function nodeApi(url: string): Promise<Api> {
  const headers = { 'content-type': 'application/json', origin: url };
  const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return async (method, path, data) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: data === undefined ? { origin: url, cookie } : { ...headers, cookie },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json().catch(() => undefined)) as never;
  };
}
