import { texts } from '../texts.ts';

export const MAX_IDS_SHOWN = 20;

/** 'a, b, c' — or the first 20 and 'og 180 flere', so a long list of document ids stays readable. */
export function shortIdList(ids: readonly string[], max = MAX_IDS_SHOWN): string {
  const shown = ids.slice(0, max).join(', ');
  return ids.length > max ? `${shown} ${texts.data.moreIds(ids.length - max)}` : shown;
}
