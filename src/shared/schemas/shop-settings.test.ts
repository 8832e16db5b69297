import { describe, expect, it } from 'vitest';
import '../zod-danish.ts';
import { cleanText } from '../domain/names.ts';
import { formatMobilePayNumber } from '../domain/shop-settings.ts';
import { texts } from '../texts.ts';
import { shopSettingsFormSchema, shopSettingsUpdateSchema } from './shop-settings.ts';

const t = texts.shop;

const form = {
  shopName: ' Perlehuset ',
  postage: '59',
  postageHome: '79,50',
  mobilePayNumber: '12 34 56 78',
  mobilePayBox: '',
  bankReg: ' ',
  bankAccount: '',
  billGreeting: 'Hej {navn}',
  billClosing: '',
  reminderDays: ' 14 ',
  lowStockThreshold: ' 3 ',
  address: ' Perlegade 7\n8000 Aarhus C ',
  cvr: '12 34 56 78',
  vatRegistered: false,
};

const messages = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('shopSettingsFormSchema', () => {
  it('turns kroner into øre, empty fields into null and cleans names and digits', () => {
    expect(shopSettingsFormSchema.parse(form)).toEqual({
      shopName: 'Perlehuset',
      postageOre: 5900,
      postageHomeOre: 7950,
      mobilePayNumber: '12345678',
      mobilePayBox: null,
      bankReg: null,
      bankAccount: null,
      billGreeting: 'Hej {navn}',
      billClosing: null,
      reminderDays: 14,
      lowStockThreshold: 3,
      address: 'Perlegade 7\n8000 Aarhus C',
      cvr: '12345678',
      vatRegistered: false,
    });
  });

  it('refuses a CVR number that is not 8 digits, and an address over 300 characters, in Danish', () => {
    for (const cvr of ['1234567', '123456789', '1234567a'])
      expect(messages(shopSettingsFormSchema.safeParse({ ...form, cvr })), cvr).toEqual([
        `cvr: ${texts.money.settings.cvrInvalid}`,
      ]);
    expect(messages(shopSettingsFormSchema.safeParse({ ...form, address: 'x'.repeat(301) }))).toEqual([
      `address: ${texts.money.settings.addressTooLong}`,
    ]);
    expect(shopSettingsFormSchema.parse({ ...form, address: ' ', cvr: '' })).toMatchObject({
      address: null,
      cvr: null,
    });
  });

  it("refuses 'Få tilbage' that is not a whole number from 0 to 999, in Danish", () => {
    for (const lowStockThreshold of ['-1', '1000', '2,5', 'to', ' ']) {
      expect(
        messages(shopSettingsFormSchema.safeParse({ ...form, lowStockThreshold })),
        lowStockThreshold,
      ).toEqual([`lowStockThreshold: ${texts.stock.validation.threshold}`]);
    }
    expect(shopSettingsFormSchema.parse({ ...form, lowStockThreshold: '0' }).lowStockThreshold).toBe(0);
  });

  it('refuses reminder days that are not a whole number from 1 to 365, in Danish', () => {
    for (const reminderDays of ['0', '366', '7,5', '-1', 'syv']) {
      expect(messages(shopSettingsFormSchema.safeParse({ ...form, reminderDays })), reminderDays).toEqual([
        `reminderDays: ${texts.reminders.settingInvalid}`,
      ]);
    }
    expect(messages(shopSettingsFormSchema.safeParse({ ...form, reminderDays: ' ' }))).toEqual([
      `reminderDays: ${texts.reminders.settingRequired}`,
    ]);
    expect(shopSettingsFormSchema.parse({ ...form, reminderDays: '365' }).reminderDays).toBe(365);
  });

  it('refuses in Danish: postage above 1.000 kr, no postage, a half bank account, short numbers', () => {
    expect(messages(shopSettingsFormSchema.safeParse({ ...form, postage: '1.000,01' }))).toEqual([
      `postage: ${t.postageTooHigh}`,
    ]);
    expect(messages(shopSettingsFormSchema.safeParse({ ...form, postageHome: '' }))).toEqual([
      `postageHome: ${t.postageRequired}`,
    ]);
    expect(messages(shopSettingsFormSchema.safeParse({ ...form, bankReg: '1234' }))).toEqual([
      `bankAccount: ${t.bankIncomplete}`,
    ]);
    expect(
      messages(shopSettingsFormSchema.safeParse({ ...form, mobilePayNumber: '1234', mobilePayBox: '12' })),
    ).toEqual([`mobilePayNumber: ${t.mobilePayNumberInvalid}`, `mobilePayBox: ${t.mobilePayBoxInvalid}`]);
    expect(shopSettingsFormSchema.safeParse({ ...form, postage: '0' }).success).toBe(true);
  });
});

describe('shopSettingsUpdateSchema', () => {
  it('keeps line breaks in the bill texts but not invisible characters', () => {
    const parsed = shopSettingsUpdateSchema.parse({
      shopName: 'Nålepuden',
      postageOre: 5300,
      postageHomeOre: 7300,
      mobilePayNumber: null,
      mobilePayBox: null,
      bankReg: null,
      bankAccount: null,
      billGreeting: 'Hej\u200B {navn}\r\n\r\n\r\n\r\nTak!',
      billClosing: null,
    });
    expect(parsed.billGreeting).toBe('Hej {navn}\n\nTak!');
  });
});

describe('cleanText and formatMobilePayNumber', () => {
  it('cleans each line, keeps one blank line, is idempotent', () => {
    const text = '  \n Kære  {navn}\u202E \u2028\u2028\u2028 Tak\t for handlen \n\n';
    expect(cleanText(text)).toBe('Kære {navn}\n\nTak for handlen');
    expect(cleanText(cleanText(text))).toBe(cleanText(text));
  });

  it('reads a MobilePay number in pairs', () => {
    expect(formatMobilePayNumber('12345678')).toBe('12 34 56 78');
    expect(formatMobilePayNumber('1234')).toBe('1234');
  });
});
