import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('uses B, kB and MB with a decimal comma', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(348_160)).toBe('340 kB');
    expect(formatBytes(1_258_291)).toBe('1,2 MB');
    expect(formatBytes(22_011_707_392)).toBe('20,5 GB');
  });
});
