import { describe, expect, it } from 'vitest';
import { billText } from './bill-text.ts';
import { type OrderLineInput, priceOrder } from './pricing.ts';
import { DEFAULT_SHOP_SETTINGS, type ShopSettingsValues } from './shop-settings.ts';

/** The shop as a fresh install has it; the tests written before the shop's own settings read exactly as they did. */
const shop: ShopSettingsValues = { ...DEFAULT_SHOP_SETTINGS, shopName: '' };

let seq = 0;
function bead(text: string, unitPriceOre: number, saleType: string | null = null): OrderLineInput {
  seq += 1;
  return {
    id: `l${String(seq).padStart(3, '0')}`,
    kind: 'bead',
    beadId: `bead-${text}`,
    text,
    unitPriceOre,
    saleType,
    addedAt: new Date(Date.UTC(2026, 10, 22, 10, 0, seq)).toISOString(),
  };
}
function free(text: string, unitPriceOre: number): OrderLineInput {
  return { ...bead(text, unitPriceOre), kind: 'free', beadId: null };
}
const offer = (text: string, unitPriceOre = 7500) => bead(text, unitPriceOre, '2 for 125');

describe('billText', () => {
  it('bills normal lines only, bundling repeated lines', () => {
    const text = billText({
      customerName: 'Åse Hansen',
      pricedOrder: priceOrder([
        bead('Sølvnål', 4500),
        bead('Sølvnål', 4500),
        free('Gaveæske', 2050),
        bead('Guldnål', 120000),
      ]),
      homeDelivery: false,
      shop,
    });
    expect(text).toMatchInlineSnapshot(`
      "Hej Åse

      Tak for din bestilling! Her er din regning:
      - 2 x Sølvnål à 45 kr: 90 kr
      - Gaveæske: 20,50 kr
      - Guldnål: 1.200 kr

      Porto: 53 kr
      I alt: 1.363,50 kr

      Vil du betale nu, fx med MobilePay?
      Vil du også sende mig din adresse, din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?

      Mange hilsner"
    `);
  });

  it('bills offer pairs and marks the lone offer line as combinable', () => {
    const text = billText({
      customerName: 'Bo Jensen',
      pricedOrder: priceOrder([
        offer('Rød glasperle'),
        offer('Blå glasperle', 9000),
        offer('Grøn perle'),
        offer('Grøn perle'),
        bead('Sølvnål', 4500),
        offer('Gul perle', 8000),
      ]),
      homeDelivery: false,
      senderName: 'Lene',
      shop,
    });
    expect(text).toMatchInlineSnapshot(`
      "Hej Bo

      Tak for din bestilling! Her er din regning:
      - Rød glasperle + Blå glasperle (2 for 125): 125 kr
      - 2 x Grøn perle (2 for 125): 125 kr
      - Gul perle: 80 kr (kan kombineres med en anden tilbudsperle, så du får 2 for 125 kr)
      - Sølvnål: 45 kr

      Porto: 53 kr
      I alt: 428 kr

      Vil du betale nu, fx med MobilePay?
      Vil du også sende mig din adresse, din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?

      Mange hilsner
      Lene"
    `);
  });

  it('uses home-delivery postage', () => {
    const text = billText({
      customerName: 'Karen',
      pricedOrder: priceOrder([offer('Rød glasperle'), offer('Blå glasperle')]),
      homeDelivery: true,
      shop,
    });
    expect(text).toMatchInlineSnapshot(`
      "Hej Karen

      Tak for din bestilling! Her er din regning:
      - Rød glasperle + Blå glasperle (2 for 125): 125 kr

      Porto (hjemmelevering): 73 kr
      I alt: 198 kr

      Vil du betale nu, fx med MobilePay?
      Vil du også sende mig din adresse, din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?

      Mange hilsner"
    `);
  });

  it('greets by first name: a hyphenated double name whole, capitalized, and a single name as it is', () => {
    const pricedOrder = priceOrder([bead('Sølvnål', 4500)]);
    expect(billText({ customerName: 'anne-marie Sørensen', pricedOrder, homeDelivery: false, shop })).toMatch(
      /^Hej Anne-Marie\n/,
    );
    expect(billText({ customerName: 'Anne-Marie Sørensen', pricedOrder, homeDelivery: false, shop })).toMatch(
      /^Hej Anne-Marie\n/,
    );
    expect(billText({ customerName: '  Øjvind  ', pricedOrder, homeDelivery: false, shop })).toMatch(
      /^Hej Øjvind\n/,
    );
  });

  it('still reads well for an empty order and a blank name', () => {
    const text = billText({
      customerName: ' ',
      pricedOrder: priceOrder([]),
      homeDelivery: false,
      senderName: '  ',
      shop,
    });
    expect(text).toMatchInlineSnapshot(`
      "Hej

      Tak for din bestilling! Her er din regning:
      Der er ingen varer på ordren endnu.

      Porto: 53 kr
      I alt: 53 kr

      Vil du betale nu, fx med MobilePay?
      Vil du også sende mig din adresse, din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?

      Mange hilsner"
    `);
  });

  it('totals match the priced order plus postage, and there is no markdown', () => {
    const pricedOrder = priceOrder([offer('A'), offer('B'), bead('C', 1999)]);
    const text = billText({ customerName: 'Åse', pricedOrder, homeDelivery: false, shop });
    expect(text).toContain('I alt: 197,99 kr');
    expect(text).not.toMatch(/[*_#`]/);
  });
});

describe('billText with the shop’s settings', () => {
  const pricedOrder = priceOrder([bead('Sølvnål', 4500)]);
  const base = { customerName: 'Åse Hansen', pricedOrder, homeDelivery: false } as const;
  const withShop = (changes: Partial<ShopSettingsValues>) => ({ ...DEFAULT_SHOP_SETTINGS, ...changes });
  /** The paragraph after I alt: how to pay, and the question for missing contact details. */
  const payParagraph = (text: string) => text.split('\n\n')[3];

  it('signs with the sender and the shop’s name', () => {
    const text = billText({ ...base, shop: withShop({ shopName: 'Perlehuset' }), senderName: 'Lene' });
    expect(text.split('\n\n').at(-1)).toMatchInlineSnapshot(`
      "Mange hilsner
      Lene
      Perlehuset"
    `);
    // No sender: the shop signs; a sender with the shop's own name is not signed twice.
    expect(billText({ ...base, shop: withShop({}) }).endsWith('Mange hilsner\nNålepuden')).toBe(true);
    expect(
      billText({ ...base, shop: withShop({}), senderName: 'nålepuden' }).endsWith('Mange hilsner\nnålepuden'),
    ).toBe(true);
  });

  it('names a MobilePay number, read in pairs', () => {
    expect(
      payParagraph(billText({ ...base, shop: withShop({ mobilePayNumber: '12345678' }) })),
    ).toMatchInlineSnapshot(`
        "Vil du betale nu? Du kan betale med MobilePay på 12 34 56 78.
        Vil du også sende mig din adresse, din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?"
      `);
  });

  it('names a MobilePay Box', () => {
    expect(
      payParagraph(billText({ ...base, shop: withShop({ mobilePayBox: '54321' }) })),
    ).toMatchInlineSnapshot(`
        "Vil du betale nu? Du kan betale med MobilePay Box 54321.
        Vil du også sende mig din adresse, din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?"
      `);
  });

  it('names a bank account', () => {
    expect(
      payParagraph(billText({ ...base, shop: withShop({ bankReg: '1234', bankAccount: '0012345678' }) })),
    ).toMatchInlineSnapshot(`
      "Vil du betale nu? Du kan betale med bankoverførsel til reg.nr. 1234 kontonr. 0012345678.
      Vil du også sende mig din adresse, din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?"
    `);
  });

  it('names every way the shop has set, the last after "eller"', () => {
    const shop = withShop({
      mobilePayNumber: '12345678',
      mobilePayBox: '54321',
      bankReg: '1234',
      bankAccount: '12345',
    });
    expect(payParagraph(billText({ ...base, shop }))).toMatchInlineSnapshot(`
      "Vil du betale nu? Du kan betale med MobilePay på 12 34 56 78, MobilePay Box 54321 eller bankoverførsel til reg.nr. 1234 kontonr. 12345.
      Vil du også sende mig din adresse, din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?"
    `);
    expect(
      payParagraph(
        billText({ ...base, shop: withShop({ mobilePayNumber: '12345678', mobilePayBox: '54321' }) }),
      ),
    ).toMatch(/^Vil du betale nu\? Du kan betale med MobilePay på 12 34 56 78 eller MobilePay Box 54321\.$/m);
  });

  it('asks as today when no way to pay is set (a bank account without its reg.nr. is no way)', () => {
    expect(
      payParagraph(billText({ ...base, shop: withShop({ bankAccount: '12345' }) })),
    ).toMatchInlineSnapshot(`
        "Vil du betale nu, fx med MobilePay?
        Vil du også sende mig din adresse, din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?"
      `);
  });

  it('asks for nothing when address, e-mail and phone are known', () => {
    const contact = { address: 'Perlevej 1, 8000 Aarhus C', email: 'aase@example.dk', phone: '12345678' };
    expect(payParagraph(billText({ ...base, shop: withShop({}), contact }))).toMatchInlineSnapshot(
      `"Vil du betale nu, fx med MobilePay?"`,
    );
  });

  it('asks only for the missing contact details', () => {
    const shop = withShop({});
    expect(
      payParagraph(billText({ ...base, shop, contact: { address: 'Perlevej 1', email: null } })),
    ).toMatchInlineSnapshot(`
        "Vil du betale nu, fx med MobilePay?
        Vil du også sende mig din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?"
      `);
    expect(
      payParagraph(billText({ ...base, shop, contact: { address: 'Perlevej 1', email: 'a@b.dk' } })),
    ).toMatchInlineSnapshot(`
        "Vil du betale nu, fx med MobilePay?
        Vil du også sende mig dit telefonnummer, så jeg kan sende pakken til dig?"
      `);
    expect(
      payParagraph(billText({ ...base, shop, contact: { phone: '12345678', email: '  ' } })),
    ).toMatchInlineSnapshot(`
        "Vil du betale nu, fx med MobilePay?
        Vil du også sende mig din adresse og din e-mail, så jeg kan sende pakken til dig?"
      `);
  });

  it('asks for all three when none is known', () => {
    const text = billText({
      ...base,
      shop: withShop({}),
      contact: { phone: null, email: null, address: null },
    });
    expect(payParagraph(text)).toMatchInlineSnapshot(`
      "Vil du betale nu, fx med MobilePay?
      Vil du også sende mig din adresse, din e-mail og dit telefonnummer, så jeg kan sende pakken til dig?"
    `);
  });

  it('opens and closes with the shop’s own texts, the first name in place of {navn}', () => {
    const shop = withShop({
      shopName: 'Perlehuset',
      billGreeting: 'Kære {navn}!\n\nHer er, hvad du har købt:',
      billClosing: 'Tak for handlen\nKram',
      mobilePayNumber: '12345678',
    });
    const text = billText({
      ...base,
      shop,
      contact: { address: 'Perlevej 1', email: 'a@b.dk', phone: '12345678' },
      senderName: 'Lene',
    });
    expect(text).toMatchInlineSnapshot(`
      "Kære Åse!

      Her er, hvad du har købt:
      - Sølvnål: 45 kr

      Porto: 53 kr
      I alt: 98 kr

      Vil du betale nu? Du kan betale med MobilePay på 12 34 56 78.

      Tak for handlen
      Kram
      Lene
      Perlehuset"
    `);
    // Without a name the placeholder goes with its space.
    expect(billText({ ...base, customerName: ' ', shop }).split('\n')[0]).toBe('Kære!');
  });

  it('uses the shop’s current postage while the order follows it, and the frozen one after', () => {
    const shop = withShop({ postageOre: 5900, postageHomeOre: 7900 });
    const following = billText({ ...base, homeDelivery: true, shop });
    expect(following.split('\n\n')[2]).toMatchInlineSnapshot(`
      "Porto (hjemmelevering): 79 kr
      I alt: 124 kr"
    `);
    const frozen = billText({ ...base, homeDelivery: true, frozenShippingOre: 7300, shop });
    expect(frozen.split('\n\n')[2]).toMatchInlineSnapshot(`
      "Porto (hjemmelevering): 73 kr
      I alt: 118 kr"
    `);
    expect(billText({ ...base, shop }).split('\n\n')[2]).toMatchInlineSnapshot(`
      "Porto: 59 kr
      I alt: 104 kr"
    `);
  });
});
