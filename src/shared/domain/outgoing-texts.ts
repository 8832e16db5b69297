/**
 * Texts that go out (docs/product/messages.md#texts-that-go-out): 'Din pakke er sendt' and 'Din perle er kommet'
 * from her templates, the tracking link from the carrier's template, and the Pakkenummer's own rule. Pure: the
 * settings card's live example, the screens' ready texts and the server's checks all use these.
 *
 * A template's fields are {navn}, {ordrenummer}, {pakkenummer}, {link} and {perle}. Any other word in braces is
 * refused when the template is saved (`unknownFields`), so a typo never reaches a customer; braces around
 * anything that is not a plain word ('{:', '{ }') are just text. When the text is made:
 *   - {navn} is the customer's first name; without one it goes, with the space before it ('Hej {navn}' → 'Hej');
 *   - a line whose other fields are all empty is left out ('Pakkenummer: {pakkenummer}' when there is none);
 *     so is a field with no value in that message: {perle} in 'Din pakke er sendt' (a parcel holds many beads),
 *     {pakkenummer} and {link} in 'Din perle er kommet' (nothing is sent yet);
 *   - more than one blank line in a row becomes one.
 */
import { texts } from '../texts.ts';
import { firstName } from './customer-name.ts';
import { MAX_TRACKING_NUMBER_LENGTH } from './limits.ts';

export const CARRIERS = ['postnord', 'gls', 'dao', 'own'] as const;
export type Carrier = (typeof CARRIERS)[number];

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === 'string' && (CARRIERS as readonly string[]).includes(value);
}

export function carrierLabel(carrier: Carrier): string {
  return texts.outgoing.carriers[carrier];
}

/** The field a tracking link's template puts the Pakkenummer into. */
export const TRACKING_NUMBER_FIELD = '{pakkenummer}';

/**
 * The carriers' own tracking pages (Danish versions) until she sets another; 'Egen' has none. null in the
 * settings means "this default".
 */
export const DEFAULT_TRACKING_URLS: Readonly<Record<Carrier, string | null>> = {
  postnord: 'https://tracking.postnord.com/dk/?id={pakkenummer}',
  gls: 'https://gls-group.com/DK/da/find-pakke?match={pakkenummer}',
  dao: 'https://www.dao.as/privat/find-din-pakke?stregkode={pakkenummer}',
  own: null,
};

export const MESSAGE_FIELDS = ['navn', 'ordrenummer', 'pakkenummer', 'link', 'perle'] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];

/** The two messages and their default wording. */
export type MessageKind = 'shipped' | 'arrived';
export const DEFAULT_MESSAGES: Readonly<Record<MessageKind, string>> = texts.outgoing.defaults;

/** The message settings of Indstillinger → Beskeder; null = the default (a template, a carrier's link). */
export interface MessageSettingsValues {
  carrier: Carrier;
  trackingUrlPostnord: string | null;
  trackingUrlGls: string | null;
  trackingUrlDao: string | null;
  trackingUrlOwn: string | null;
  messageShipped: string | null;
  messageArrived: string | null;
}

export const DEFAULT_MESSAGE_SETTINGS: MessageSettingsValues = {
  carrier: 'postnord',
  trackingUrlPostnord: null,
  trackingUrlGls: null,
  trackingUrlDao: null,
  trackingUrlOwn: null,
  messageShipped: null,
  messageArrived: null,
};

/** The settings' field of each carrier's link. */
export const TRACKING_URL_FIELD = {
  postnord: 'trackingUrlPostnord',
  gls: 'trackingUrlGls',
  dao: 'trackingUrlDao',
  own: 'trackingUrlOwn',
} as const satisfies Record<Carrier, keyof MessageSettingsValues>;

/** A word in braces: a field, or (when not one of MESSAGE_FIELDS) a typo to refuse. */
const FIELD = /\{([A-Za-zÆØÅæøå_]+)\}/g;

const isMessageField = (name: string): name is MessageField =>
  (MESSAGE_FIELDS as readonly string[]).includes(name);

/** The words in braces that are not fields, as written ('{adresse}'), each once. */
export function unknownFields(template: string, allowed: readonly string[] = MESSAGE_FIELDS): string[] {
  const unknown = [...template.matchAll(FIELD)]
    .filter((match) => !allowed.includes(match[1] ?? ''))
    .map((match) => match[0]);
  return [...new Set(unknown)];
}

export type MessageValues = Partial<Record<MessageField, string | null>>;

/** The template with the values in its fields (the rules at the top of this file). */
export function renderMessage(template: string, values: MessageValues): string {
  const fieldValue = (name: string): string =>
    isMessageField(name) ? (values[name] ?? '').trim() : `{${name}}`;
  const lines = template
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .flatMap((line) => {
      const others = [...line.matchAll(FIELD)]
        .map((match) => match[1] ?? '')
        .filter((name) => isMessageField(name) && name !== 'navn');
      if (others.length > 0 && others.every((name) => fieldValue(name) === '')) return [];
      const withoutName = fieldValue('navn') === '' ? line.replace(/ ?\{navn\}/g, '') : line;
      return [
        withoutName
          .replace(FIELD, (whole, name: string) => (isMessageField(name) ? fieldValue(name) : whole))
          .trimEnd(),
      ];
    });
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A Pakkenummer as she types or pastes it: spaces (a number read out in groups) go, letters are capitals.
 * Returns null when nothing is left.
 */
export function cleanTrackingNumber(value: string): string | null {
  const cleaned = value.replace(/\s+/g, '').toUpperCase();
  return cleaned === '' ? null : cleaned;
}

/** Letters, digits and dashes, 1–MAX_TRACKING_NUMBER_LENGTH of them (after cleanTrackingNumber). */
export const TRACKING_NUMBER_PATTERN = /^[A-Z0-9-]+$/;

export function isTrackingNumber(value: string): boolean {
  return value.length <= MAX_TRACKING_NUMBER_LENGTH && TRACKING_NUMBER_PATTERN.test(value);
}

/** The carrier's link template in use: hers, else the carrier's default (null: 'Egen' without one). */
export function trackingUrlTemplate(settings: MessageSettingsValues): string | null {
  return settings[TRACKING_URL_FIELD[settings.carrier]] ?? DEFAULT_TRACKING_URLS[settings.carrier];
}

/** The tracking link of a parcel, or null without a Pakkenummer or a link template. */
export function trackingLink(template: string | null, trackingNumber: string | null): string | null {
  if (!template || !trackingNumber) return null;
  return template.replaceAll(TRACKING_NUMBER_FIELD, encodeURIComponent(trackingNumber));
}

export function messageTemplate(settings: MessageSettingsValues, kind: MessageKind): string {
  return (kind === 'shipped' ? settings.messageShipped : settings.messageArrived) ?? DEFAULT_MESSAGES[kind];
}

export interface ShippedTextInput {
  /** The customer's full name (null: an order without a customer, 'Hej' alone). */
  customerName: string | null;
  /** The bill's number, null when the order has none. */
  number: string | null;
  trackingNumber: string | null;
}

/** 'Din pakke er sendt' for one order ({perle} is empty: a parcel holds many beads). */
export function shippedText(settings: MessageSettingsValues, order: ShippedTextInput): string {
  return renderMessage(messageTemplate(settings, 'shipped'), {
    navn: firstName(order.customerName ?? ''),
    ordrenummer: order.number,
    pakkenummer: order.trackingNumber,
    link: trackingLink(trackingUrlTemplate(settings), order.trackingNumber),
  });
}

export interface ArrivedTextInput {
  customerName: string | null;
  beadName: string;
  /** The order the bead went into, when it has a number. */
  number?: string | null;
}

/** 'Din perle er kommet' for one customer ({pakkenummer} and {link} are empty: nothing is sent yet). */
export function arrivedText(settings: MessageSettingsValues, input: ArrivedTextInput): string {
  return renderMessage(messageTemplate(settings, 'arrived'), {
    navn: firstName(input.customerName ?? ''),
    ordrenummer: input.number ?? null,
    perle: input.beadName,
  });
}
