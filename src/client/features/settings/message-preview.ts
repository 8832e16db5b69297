import { cleanName, cleanText } from '../../../shared/domain/names.ts';
import {
  arrivedText,
  CARRIERS,
  type Carrier,
  isCarrier,
  type MessageSettingsValues,
  shippedText,
} from '../../../shared/domain/outgoing-texts.ts';
import type { MessageSettingsFormValues } from '../../../shared/schemas/outgoing.ts';
import { texts } from '../../../shared/texts.ts';

const s = texts.outgoing.sample;

/** The form as the texts would read it now: an empty field is the default; a field not valid yet shows as typed. */
export function settingsOfForm(values: MessageSettingsFormValues): MessageSettingsValues {
  const text = (value: string | undefined) => (cleanText(value ?? '') === '' ? null : cleanText(value ?? ''));
  const url = (value: string | undefined) => (cleanName(value ?? '') === '' ? null : cleanName(value ?? ''));
  const carrier: Carrier = isCarrier(values.carrier) ? values.carrier : CARRIERS[0];
  return {
    carrier,
    trackingUrlPostnord: url(values.trackingUrlPostnord),
    trackingUrlGls: url(values.trackingUrlGls),
    trackingUrlDao: url(values.trackingUrlDao),
    trackingUrlOwn: url(values.trackingUrlOwn),
    messageShipped: text(values.messageShipped),
    messageArrived: text(values.messageArrived),
  };
}

/** Indstillinger → Beskeder's live examples: a made-up customer's parcel and bead, as the form reads now. */
export function previewTexts(values: MessageSettingsFormValues): { shipped: string; arrived: string } {
  const settings = settingsOfForm(values);
  return {
    shipped: shippedText(settings, {
      customerName: s.customer,
      number: s.number,
      trackingNumber: s.trackingNumber,
    }),
    arrived: arrivedText(settings, { customerName: s.customer, beadName: s.bead, number: null }),
  };
}
