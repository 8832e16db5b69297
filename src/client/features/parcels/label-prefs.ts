/**
 * What the label dialog remembers on this device: the chosen sheet, and the offset ('Justér') per kind
 * of printer (the A4 printer's feed is not the label printer's). Kept in localStorage: it belongs to the printer
 * this device prints on; a value that cannot be read gives the defaults.
 */
import {
  DEFAULT_LABEL_SHEET,
  isLabelSheetId,
  type LabelOffset,
  type LabelSheetId,
  MAX_LABEL_OFFSET_MM,
  NO_OFFSET,
  type PrinterKind,
} from '../../../shared/domain/label-sheets.ts';

const KEY = 'naalepuden.labels';

export type LabelPrefs = { sheet: LabelSheetId; offsets: Partial<Record<PrinterKind, LabelOffset>> };

const inRange = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= MAX_LABEL_OFFSET_MM;

function readOffset(value: unknown): LabelOffset | undefined {
  const offset = value as Partial<LabelOffset> | null;
  return offset && inRange(offset.rightMm) && inRange(offset.downMm)
    ? { rightMm: offset.rightMm, downMm: offset.downMm }
    : undefined;
}

export function readLabelPrefs(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): LabelPrefs {
  try {
    const stored = JSON.parse(storage?.getItem(KEY) ?? 'null') as {
      sheet?: unknown;
      offsets?: Record<string, unknown>;
    } | null;
    const offsets: LabelPrefs['offsets'] = {};
    for (const kind of ['a4', 'roll'] as const) {
      const offset = readOffset(stored?.offsets?.[kind]);
      if (offset) offsets[kind] = offset;
    }
    return { sheet: isLabelSheetId(stored?.sheet) ? stored.sheet : DEFAULT_LABEL_SHEET, offsets };
  } catch {
    return { sheet: DEFAULT_LABEL_SHEET, offsets: {} };
  }
}

export function saveLabelPrefs(
  prefs: LabelPrefs,
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
) {
  try {
    storage?.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // A full or forbidden storage: the dialog still works, it only forgets.
  }
}

export function offsetFor(prefs: LabelPrefs, kind: PrinterKind): LabelOffset {
  return prefs.offsets[kind] ?? NO_OFFSET;
}

/** A number as typed in Danish ('1,5', '-2', ''), or null when it is none ('' is 0). */
export function parseMm(text: string): number | null {
  const trimmed = text.trim().replace(',', '.').replace('−', '-');
  if (trimmed === '' || trimmed === '-') return 0;
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}
