import { describe, expect, it } from 'vitest';
import { billText } from './bill-text.ts';
import { type OrderLineInput, priceOrder } from './pricing.ts';

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
    expect(billText({ customerName: 'anne-marie Sørensen', pricedOrder, homeDelivery: false })).toMatch(
      /^Hej Anne-Marie\n/,
    );
    expect(billText({ customerName: 'Anne-Marie Sørensen', pricedOrder, homeDelivery: false })).toMatch(
      /^Hej Anne-Marie\n/,
    );
    expect(billText({ customerName: '  Øjvind  ', pricedOrder, homeDelivery: false })).toMatch(
      /^Hej Øjvind\n/,
    );
  });

  it('still reads well for an empty order and a blank name', () => {
    const text = billText({
      customerName: ' ',
      pricedOrder: priceOrder([]),
      homeDelivery: false,
      senderName: '  ',
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
    const text = billText({ customerName: 'Åse', pricedOrder, homeDelivery: false });
    expect(text).toContain('I alt: 197,99 kr');
    expect(text).not.toMatch(/[*_#`]/);
  });
});
