import { describe, expect, it } from 'vitest';
import { DESKTOP, deviceOf, mediaMatches, PHONE, viewportOf } from './media-query.ts';

describe("the server's guess of the screen", () => {
  it('takes a phone for a phone and anything else for a laptop', () => {
    expect(deviceOf('Mozilla/5.0 (Linux; Android 11; moto g power (2022)) Mobile Safari/537.36')).toBe(
      'phone',
    );
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe('phone');
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36')).toBe('desktop');
    expect(deviceOf(undefined)).toBe('desktop');
    expect(viewportOf('phone')).toBe(PHONE);
    expect(viewportOf('desktop')).toBe(DESKTOP);
  });

  it.each([
    // The queries the app asks in code, and MUI's breakpoints.
    ['(pointer: coarse), (max-width: 599.95px)', true, false],
    ['(min-width: 600px)', false, true],
    ['@media (min-width:900px)', false, true],
    ['(pointer: fine)', false, true],
    ['(hover: none)', true, false],
    ['(min-width: 300px) and (max-width: 500px)', true, false],
    ['screen and (min-width: 1200px)', false, true],
    ['(prefers-reduced-motion: reduce)', false, false],
    ['not a query', false, false],
  ])('%s: phone %s, laptop %s', (query, phone, desktop) => {
    expect(mediaMatches(query, PHONE)).toBe(phone);
    expect(mediaMatches(query, DESKTOP)).toBe(desktop);
  });
});
