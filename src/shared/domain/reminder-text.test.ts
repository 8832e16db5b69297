import { describe, expect, it } from 'vitest';
import { reminderText } from './reminder-text.ts';
import { DEFAULT_SHOP_SETTINGS } from './shop-settings.ts';

const shop = { ...DEFAULT_SHOP_SETTINGS, shopName: 'Perlestuen' };

describe('reminderText', () => {
  it('greets by first name, names the amount incl. postage, the ways to pay, and signs with the shop', () => {
    const text = reminderText({
      customerName: 'anne-marie jensen',
      amountOre: 17_800,
      shop: { ...shop, mobilePayNumber: '12345678' },
    });
    expect(text).toBe(
      [
        'Hej Anne-Marie',
        'Jeg skriver lige for at minde dig om betalingen for din ordre på 178 kr inkl. porto, som jeg ikke har modtaget endnu.',
        'Du kan betale med MobilePay på 12 34 56 78.\nHar du allerede betalt, så se bort fra denne besked – og tak!',
        'Mange hilsner\nPerlestuen',
      ].join('\n\n'),
    );
  });

  it('formats øre and thousands the Danish way', () => {
    expect(reminderText({ customerName: 'Bo', amountOre: 123_450, shop })).toContain(
      'din ordre på 1.234,50 kr inkl. porto',
    );
    expect(reminderText({ customerName: 'Bo', amountOre: 5300, shop })).toContain('på 53 kr inkl.');
  });

  it('names each combination of ways to pay as the bill does', () => {
    const pay = (options: Partial<typeof shop>) =>
      reminderText({ customerName: 'Åse', amountOre: 10_000, shop: { ...shop, ...options } })
        .split('\n\n')[2]
        ?.split('\n')[0];
    expect(pay({})).toBe('Skriv endelig, hvis du vil høre, hvordan du kan betale.');
    expect(pay({ mobilePayNumber: '12345678' })).toBe('Du kan betale med MobilePay på 12 34 56 78.');
    expect(pay({ mobilePayBox: '54321' })).toBe('Du kan betale med MobilePay Box 54321.');
    expect(pay({ bankReg: '1234', bankAccount: '0012345678' })).toBe(
      'Du kan betale med bankoverførsel til reg.nr. 1234 kontonr. 0012345678.',
    );
    expect(pay({ mobilePayNumber: '12345678', mobilePayBox: '54321' })).toBe(
      'Du kan betale med MobilePay på 12 34 56 78 eller MobilePay Box 54321.',
    );
    expect(pay({ mobilePayNumber: '12345678', bankReg: '1234', bankAccount: '99' })).toBe(
      'Du kan betale med MobilePay på 12 34 56 78 eller bankoverførsel til reg.nr. 1234 kontonr. 99.',
    );
    expect(
      pay({ mobilePayNumber: '12345678', mobilePayBox: '54321', bankReg: '1234', bankAccount: '99' }),
    ).toBe(
      'Du kan betale med MobilePay på 12 34 56 78, MobilePay Box 54321 eller bankoverførsel til reg.nr. 1234 kontonr. 99.',
    );
    // A half-filled bank account is no way to pay (the settings refuse it; the text does not trust that).
    expect(pay({ bankReg: '1234' })).toBe('Skriv endelig, hvis du vil høre, hvordan du kan betale.');
  });

  it('greets without a name when the order has no customer, and uses the shop’s own closing', () => {
    const text = reminderText({
      customerName: null,
      amountOre: 5300,
      shop: { ...shop, billClosing: 'Kærlig hilsen\nMette' },
    });
    expect(text.startsWith('Hej\n\n')).toBe(true);
    expect(text.endsWith('Kærlig hilsen\nMette\nPerlestuen')).toBe(true);
  });
});
