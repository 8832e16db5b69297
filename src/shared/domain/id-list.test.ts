import { describe, expect, it } from 'vitest';
import { shortIdList } from './id-list.ts';

describe('shortIdList', () => {
  it('lists few ids in full and many as the first ones plus a count', () => {
    expect(shortIdList(['a', 'b'])).toBe('a, b');
    expect(shortIdList(['a', 'b', 'c', 'd'], 2)).toBe('a, b og 2 flere');
  });
});
