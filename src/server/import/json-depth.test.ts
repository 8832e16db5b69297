import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.ts';

function nested(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays as levels', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan('text', 0)).toBe(false);
  });

  it('handles 20,000 levels without overflowing the stack', () => {
    expect(nestsDeeperThan(nested(20_000), 64)).toBe(true);
  });
});
