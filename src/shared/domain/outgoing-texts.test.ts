import { describe, expect, it } from 'vitest';
import {
  arrivedText,
  cleanTrackingNumber,
  DEFAULT_MESSAGE_SETTINGS,
  DEFAULT_TRACKING_URLS,
  isTrackingNumber,
  type MessageSettingsValues,
  renderMessage,
  shippedText,
  trackingLink,
  trackingUrlTemplate,
  unknownFields,
} from './outgoing-texts.ts';

const settings = (overrides: Partial<MessageSettingsValues> = {}): MessageSettingsValues => ({
  ...DEFAULT_MESSAGE_SETTINGS,
  ...overrides,
});

describe('renderMessage', () => {
  it('puts each value into its field, every time it occurs', () => {
    expect(
      renderMessage('Hej {navn}! {navn}, din ordre {ordrenummer}', { navn: 'Åse', ordrenummer: '2026-0042' }),
    ).toBe('Hej Åse! Åse, din ordre 2026-0042');
  });

  it('drops {navn} with its space when there is no name', () => {
    expect(renderMessage('Hej {navn}\n\nDin pakke er sendt.', { navn: '' })).toBe(
      'Hej\n\nDin pakke er sendt.',
    );
  });

  it('leaves out a line whose other fields are all empty', () => {
    expect(
      renderMessage('Hej {navn}\nPakkenummer: {pakkenummer}\nFølg den: {link}\nTak', {
        navn: 'Bo',
        pakkenummer: null,
        link: null,
      }),
    ).toBe('Hej Bo\nTak');
  });

  it('keeps a line where at least one of its fields has a value', () => {
    expect(renderMessage('{pakkenummer} {link}', { pakkenummer: 'AB12', link: null })).toBe('AB12');
  });

  it('shows an unknown word in braces as written, and other braces as text', () => {
    expect(renderMessage('Hej {adresse} :-{ }', { navn: 'Bo' })).toBe('Hej {adresse} :-{ }');
  });

  it('never leaves more than one blank line in a row, nor blank lines at the ends', () => {
    expect(renderMessage('\nHej\n\n{link}\n\nTak\n', { link: '' })).toBe('Hej\n\nTak');
  });
});

describe('unknownFields', () => {
  it('names each word in braces that is not a field, once', () => {
    expect(unknownFields('Hej {navn} {Navn} {adresse} {adresse} {pakkenummer}')).toEqual([
      '{Navn}',
      '{adresse}',
    ]);
  });

  it('ignores braces around something that is not a word', () => {
    expect(unknownFields('Tak :-{ og {} og { navn }')).toEqual([]);
  });

  it('can be told which fields are allowed (a tracking link takes only {pakkenummer})', () => {
    expect(unknownFields('https://x.dk/?id={pakkenummer}&n={navn}', ['pakkenummer'])).toEqual(['{navn}']);
  });
});

describe('the Pakkenummer', () => {
  it('drops spaces and writes letters as capitals', () => {
    expect(cleanTrackingNumber(' 00370 71234 5678 ')).toBe('00370712345678');
    expect(cleanTrackingNumber('rr123456785dk')).toBe('RR123456785DK');
    expect(cleanTrackingNumber('   ')).toBeNull();
  });

  it('takes letters, digits and dashes, at most 40', () => {
    expect(isTrackingNumber('RR123456785DK')).toBe(true);
    expect(isTrackingNumber('12-34')).toBe(true);
    expect(isTrackingNumber('12/34')).toBe(false);
    expect(isTrackingNumber('Æ123')).toBe(false);
    expect(isTrackingNumber('1'.repeat(40))).toBe(true);
    expect(isTrackingNumber('1'.repeat(41))).toBe(false);
  });
});

describe('the tracking link', () => {
  it('follows the chosen carrier: her own link, else the carrier’s page', () => {
    expect(trackingUrlTemplate(settings())).toBe(DEFAULT_TRACKING_URLS.postnord);
    expect(trackingUrlTemplate(settings({ carrier: 'gls' }))).toBe(
      'https://gls-group.com/DK/da/find-pakke?match={pakkenummer}',
    );
    expect(
      trackingUrlTemplate(settings({ carrier: 'dao', trackingUrlDao: 'https://dao.dk/{pakkenummer}' })),
    ).toBe('https://dao.dk/{pakkenummer}');
    expect(trackingUrlTemplate(settings({ carrier: 'own' }))).toBeNull();
  });

  it('puts the number in, made safe for a link', () => {
    expect(trackingLink('https://t.dk/?id={pakkenummer}', '00370712345678')).toBe(
      'https://t.dk/?id=00370712345678',
    );
    expect(trackingLink('https://t.dk/?id={pakkenummer}', 'A B')).toBe('https://t.dk/?id=A%20B');
    expect(trackingLink(null, '123')).toBeNull();
    expect(trackingLink('https://t.dk/?id={pakkenummer}', null)).toBeNull();
  });
});

describe('Din pakke er sendt', () => {
  it('greets by first name and gives the number and the carrier’s link', () => {
    expect(
      shippedText(settings(), {
        customerName: 'anne-marie jensen',
        number: '2026-0042',
        trackingNumber: '00370712345678901234',
      }),
    ).toBe(
      'Hej Anne-Marie\n\nDin pakke er sendt.\nPakkenummer: 00370712345678901234\n' +
        'Følg den her: https://tracking.postnord.com/dk/?id=00370712345678901234\n\nMange hilsner',
    );
  });

  it('without a Pakkenummer yet, leaves out the lines that need it', () => {
    expect(shippedText(settings(), { customerName: 'Bo Berg', number: null, trackingNumber: null })).toBe(
      'Hej Bo\n\nDin pakke er sendt.\n\nMange hilsner',
    );
  });

  it('uses her own template and carrier, with the order’s number', () => {
    expect(
      shippedText(
        settings({
          carrier: 'own',
          trackingUrlOwn: 'https://fragt.dk/spor/{pakkenummer}',
          messageShipped: 'Kære {navn}, ordre {ordrenummer} er på vej: {link}',
        }),
        { customerName: 'Åse Holm', number: '2026-0007', trackingNumber: 'X1' },
      ),
    ).toBe('Kære Åse, ordre 2026-0007 er på vej: https://fragt.dk/spor/X1');
  });
});

describe('Din perle er kommet', () => {
  it('names the bead and greets by first name', () => {
    expect(arrivedText(settings(), { customerName: 'Lis Ravn', beadName: 'Rosenkvarts 8 mm' })).toBe(
      'Hej Lis\n\nDin perle er kommet: Rosenkvarts 8 mm\nDen ligger nu i din ordre og kommer med, når du bestiller.\n\nMange hilsner',
    );
  });

  it('leaves out a line with only {pakkenummer} or {link}: nothing is sent yet', () => {
    expect(
      arrivedText(settings({ messageArrived: '{perle} er her!\nSpor: {link}' }), {
        customerName: 'Lis',
        beadName: 'Millefiori',
      }),
    ).toBe('Millefiori er her!');
  });
});
