import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopSettings } from '../../../shared/schemas/api-settings.ts';
import { ShopSettingsCard } from './shop-settings-card.tsx';

const saved: ShopSettings = {
  shopName: 'Perlehuset',
  postageOre: 5900,
  postageHomeOre: 7900,
  mobilePayNumber: null,
  mobilePayBox: null,
  bankReg: null,
  bankAccount: null,
  billGreeting: 'Kære {navn}',
  billClosing: null,
  reminderDays: 7,
  lowStockThreshold: 2,
  address: null,
  cvr: null,
  vatRegistered: false,
  updatedAt: '2026-11-23T10:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCard(answer: (url: string, init?: RequestInit) => Response) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => answer(url, init));
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ShopSettingsCard />
    </QueryClientProvider>,
  );
  return fetch;
}

const settingsAnswer = (url: string) =>
  url === '/api/settings/shop' ? Response.json(saved) : Response.json(null);

// Typing into a whole form is slow in jsdom on a loaded machine.
describe('ShopSettingsCard', { timeout: 20_000 }, () => {
  it('shows the saved settings and a live preview of the bill that follows the form', async () => {
    renderCard(settingsAnswer);
    const card = await screen.findByRole('region', { name: 'Butik' });
    const postage = await within(card).findByRole('textbox', { name: 'Porto' });
    expect(postage).toHaveValue('59');
    const preview = within(card).getByTestId('bill-preview');
    expect(preview).toHaveTextContent('Kære Anne-Marie');
    expect(preview).toHaveTextContent('Porto: 59 kr');
    expect(preview).toHaveTextContent('Vil du betale nu, fx med MobilePay?');

    await userEvent.type(within(card).getByRole('textbox', { name: 'MobilePay Box' }), '12345');
    expect(preview).toHaveTextContent('Du kan betale med MobilePay Box 12345.');
    await userEvent.clear(postage);
    await userEvent.type(postage, '61,50');
    expect(preview).toHaveTextContent('Porto: 61,50 kr');
  });

  it('Gendan standard writes today’s texts back, which are saved as null (the default)', async () => {
    const fetch = renderCard(settingsAnswer);
    const card = await screen.findByRole('region', { name: 'Butik' });
    await within(card).findByRole('textbox', { name: 'Indledning' });
    await userEvent.click(within(card).getByRole('button', { name: 'Gendan standard' }));
    expect(within(card).getByRole('textbox', { name: 'Indledning' })).toHaveValue(
      'Hej {navn}\n\nTak for din bestilling! Her er din regning:',
    );
    expect(within(card).getByTestId('bill-preview')).toHaveTextContent('Hej Anne-Marie');
    await userEvent.click(within(card).getByRole('button', { name: 'Gem' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject({
      shopName: 'Perlehuset',
      postageOre: 5900,
      billGreeting: null,
      billClosing: null,
    });
  });

  it('refuses in Danish before sending', async () => {
    const fetch = renderCard(settingsAnswer);
    const card = await screen.findByRole('region', { name: 'Butik' });
    const number = await within(card).findByRole('textbox', { name: 'MobilePay-nummer' });
    await userEvent.type(number, '1234');
    await userEvent.type(within(card).getByRole('textbox', { name: 'Reg.nr.' }), '1234');
    await userEvent.click(within(card).getByRole('button', { name: 'Gem' }));
    expect(await within(card).findByText('MobilePay-nummeret skal være 8 cifre')).toBeInTheDocument();
    expect(within(card).getByText('Udfyld både reg.nr. og kontonr.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('says so in Danish when the settings cannot be read, with a way to try again', async () => {
    renderCard(() =>
      Response.json({ message: 'Der opstod en fejl på serveren. Prøv igen.', code: 'X' }, { status: 500 }),
    );
    expect(await screen.findByText('Butikkens indstillinger kunne ikke hentes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prøv igen' })).toBeInTheDocument();
  });
});
