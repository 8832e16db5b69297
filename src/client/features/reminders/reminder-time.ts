import { copenhagenParts, DANISH_MONTHS, formatLongDate, formatTime } from '../../../shared/domain/dates.ts';
import { texts } from '../../../shared/texts.ts';

/** '23. november': a day this year, else '23. november 2025' (Copenhagen time). */
export function reminderDate(iso: string, now: Date = new Date()): string {
  const { year, month, day } = copenhagenParts(iso);
  return year === copenhagenParts(now).year
    ? `${day}. ${DANISH_MONTHS[month - 1] ?? ''}`
    : formatLongDate(iso);
}

/** 'Sidst påmindet 23. november kl. 14:05', or that no reminder was copied during this wait. */
export function lastRemindedText(iso: string | null, now: Date = new Date()): string {
  if (iso === null) return texts.reminders.notReminded;
  return texts.reminders.lastReminded(texts.reminders.at(reminderDate(iso, now), formatTime(iso)));
}
