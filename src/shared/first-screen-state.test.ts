import { describe, expect, it } from 'vitest';
import {
  type FirstScreenState,
  firstScreenStateElement,
  parseFirstScreenState,
  prefsFromCookies,
} from './first-screen-state.ts';

const state: FirstScreenState = {
  now: '2026-11-28T12:00:00.000Z',
  device: 'phone',
  versions: { '/api/customers': '"abc-12"' },
  answers: { '/api/settings/shop': { shopName: '</script><script>alert(1)</script><!--' } },
  prefs: { todoGrouping: 'customer' },
};

describe('the first screen’s state in the page', () => {
  it('travels as inert JSON that no text in it can close, and reads back the same', () => {
    const element = firstScreenStateElement(state);
    expect(element.startsWith('<script type="application/json" id="naalepuden-first-screen">')).toBe(true);
    const inner = element.slice(element.indexOf('>') + 1, element.lastIndexOf('</script>'));
    expect(inner).not.toContain('<');
    expect(parseFirstScreenState(inner)).toEqual(state);
  });

  it('is none when missing, broken or not what the server writes', () => {
    expect(parseFirstScreenState(null)).toBeNull();
    expect(parseFirstScreenState('{')).toBeNull();
    expect(parseFirstScreenState(JSON.stringify({ ...state, device: 'tablet' }))).toBeNull();
    expect(parseFirstScreenState(JSON.stringify({ ...state, prefs: { todoGrouping: 'x' } }))).toBeNull();
  });

  it('reads the device’s choices from its cookies, the default for anything else', () => {
    expect(prefsFromCookies('a=1; naalepuden-todo-grouping=cumulative; b=2')).toEqual({
      todoGrouping: 'cumulative',
    });
    expect(prefsFromCookies('naalepuden-todo-grouping=<script>')).toEqual({ todoGrouping: 'none' });
    expect(prefsFromCookies(undefined)).toEqual({ todoGrouping: 'none' });
  });
});
