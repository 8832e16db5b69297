import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageSettings } from '../../../shared/schemas/outgoing.ts';
import { MessageSettingsCard } from './message-settings-card.tsx';

const saved: MessageSettings = {
  carrier: 'postnord',
  trackingUrlPostnord: null,
  trackingUrlGls: null,
  trackingUrlDao: null,
  trackingUrlOwn: null,
  messageShipped: null,
  messageArrived: 'Kære {navn}, {perle} er kommet!',
  updatedAt: '2026-11-23T10:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCard() {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
    url === '/api/settings/messages' ? Response.json(saved) : Response.json(null),
  );
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MessageSettingsCard />
    </QueryClientProvider>,
  );
  return fetch;
}

// Typing into a form is slow in jsdom on a loaded machine.
describe('MessageSettingsCard (Indstillinger → Beskeder)', { timeout: 20_000 }, () => {
  it('shows the defaults written out and live examples that follow the form', async () => {
    renderCard();
    const card = await screen.findByRole('region', { name: 'Beskeder' });
    const gls = await within(card).findByRole('textbox', { name: 'Sporingslink for GLS' });
    expect(gls).toHaveValue('https://gls-group.com/DK/da/find-pakke?match={pakkenummer}');
    const shipped = within(card).getByRole('status', { name: 'Eksempel: Din pakke er sendt' });
    expect(shipped).toHaveTextContent('Hej Anne-Marie');
    expect(shipped).toHaveTextContent(
      'Følg den her: https://tracking.postnord.com/dk/?id=00370712345678901234',
    );
    const arrived = within(card).getByRole('status', { name: 'Eksempel: Din perle er kommet' });
    expect(arrived).toHaveTextContent('Kære Anne-Marie, Rød glasperle er kommet!');

    // Another carrier: the example's link follows it.
    await userEvent.click(within(card).getByRole('combobox', { name: 'Jeg sender med' }));
    await userEvent.click(await screen.findByRole('option', { name: 'DAO' }));
    expect(shipped).toHaveTextContent(
      'Følg den her: https://www.dao.as/privat/find-din-pakke?stregkode=00370712345678901234',
    );

    // Her own wording, as she types.
    const text = within(card).getByRole('textbox', { name: 'Din pakke er sendt' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Ordre {{ordrenummer} er sendt: {{pakkenummer}');
    expect(shipped).toHaveTextContent('Ordre 2026-0042 er sendt: 00370712345678901234');
  });

  it('refuses an unknown field in Danish before saving, and saves the defaults as null', async () => {
    const fetch = renderCard();
    const card = await screen.findByRole('region', { name: 'Beskeder' });
    const text = await within(card).findByRole('textbox', { name: 'Din perle er kommet' });
    await userEvent.clear(text);
    await userEvent.type(text, 'Hej {{fornavn}');
    await userEvent.click(within(card).getByRole('button', { name: 'Gem' }));
    expect(
      await within(card).findByText(
        'Feltet {fornavn} findes ikke. Brug {navn}, {ordrenummer}, {pakkenummer}, {link} eller {perle}.',
      ),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    await userEvent.click(within(card).getByRole('button', { name: 'Gendan standard' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Gem' }));
    await vi.waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      carrier: 'postnord',
      trackingUrlPostnord: null,
      trackingUrlGls: null,
      trackingUrlDao: null,
      trackingUrlOwn: null,
      messageShipped: null,
      messageArrived: null,
    });
  });
});
