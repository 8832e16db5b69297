import { describe, expect, it } from 'vitest';
import { lastRemindedText, reminderDate } from './reminder-time.ts';

describe('reminder times', () => {
  const now = new Date('2026-11-23T15:00:00.000Z');

  it('names the day and the Copenhagen time, the year only when it is not this year', () => {
    expect(lastRemindedText('2026-11-23T13:05:00.000Z', now)).toBe('Sidst påmindet 23. november kl. 14:05');
    expect(lastRemindedText('2026-07-01T22:30:00.000Z', now)).toBe('Sidst påmindet 2. juli kl. 00:30');
    expect(reminderDate('2025-12-31T12:00:00.000Z', now)).toBe('31. december 2025');
  });

  it('says when no reminder was copied yet', () => {
    expect(lastRemindedText(null, now)).toBe('Ikke påmindet endnu');
  });
});
