import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PhoneSetup } from '../../../shared/schemas/api-phone.ts';
import { PhoneCard } from './phone-card.tsx';

const QR = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M2 2h7v7H2z"/></svg>';
const FINGERPRINT = Array.from({ length: 32 }, (_, n) =>
  (n * 7).toString(16).padStart(2, '0').toUpperCase(),
).join(':');

const builtin: PhoneSetup = {
  mode: 'builtin',
  appUrl: 'https://192.168.1.20:3000/',
  setupUrl: 'http://192.168.1.20:3000/',
  qrSvg: QR,
  rootName: 'Nålepuden butikken',
  rootFingerprint: FINGERPRINT,
  certificateUrl: '/tls/naalepuden-rod.crt',
};
const none = {
  setupUrl: null,
  rootName: null,
  rootFingerprint: null,
  certificateUrl: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCard(answer: () => Response | Promise<Response>) {
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <PhoneCard />
    </QueryClientProvider>,
  );
  return { fetch, card: screen.getByRole('region', { name: 'Telefon' }) };
}

const showing = (setup: PhoneSetup) => renderCard(() => Response.json(setup));

describe('PhoneCard', () => {
  it('with the shop’s own root: the address, the QR code of the set-up page, the fingerprint and the download', async () => {
    const { fetch, card } = showing(builtin);
    expect(fetch).toHaveBeenCalledWith('/api/phone', expect.objectContaining({ method: 'GET' }));

    const qr = await within(card).findByRole('img', { name: 'QR-kode til opsætningen af telefonen' });
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;utf8,${encodeURIComponent(QR)}`);
    // The SVG is an image, never markup of the page.
    expect(card.querySelector('svg path[d="M2 2h7v7H2z"]')).toBeNull();

    expect(within(card).getByText('https://192.168.1.20:3000/')).toBeInTheDocument();
    expect(within(card).getByText('Telefonens adresse')).toBeInTheDocument();
    expect(
      within(card).getByText(/^Scan koden med telefonens kamera\. Den åbner opsætningen/),
    ).toBeInTheDocument();

    const fingerprint = within(card).getByText(FINGERPRINT);
    expect(fingerprint.querySelectorAll('wbr')).toHaveLength(32);
    expect(within(card).getByText('Rodcertifikatets fingeraftryk (SHA-256)')).toBeInTheDocument();

    const download = within(card).getByRole('link', { name: 'Hent certifikatet' });
    expect(download).toHaveAttribute('href', '/tls/naalepuden-rod.crt');
    expect(download).toHaveAttribute('download');

    const remove = within(card).getByRole('region', { name: 'Sådan fjerner du tilliden igen' });
    expect(
      within(remove)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'iPhone: Indstillinger → Generelt → VPN og enhedsadministration → «Nålepuden butikken» → Fjern profil.',
      'Android: Indstillinger → Sikkerhed → Kryptering og loginoplysninger → Brugerens loginoplysninger → «Nålepuden butikken» → Fjern.',
    ]);
    expect(card).not.toHaveTextContent('{navn}');
  });

  it('with the shop’s own root and no network: says so, and still shows the fingerprint and the download', async () => {
    const { card } = showing({ ...builtin, appUrl: null, setupUrl: null, qrSvg: null });
    expect(
      await within(card).findByText(
        'Computeren er ikke på et netværk lige nu, så telefonen kan ikke nå den.',
      ),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).queryByText('Telefonens adresse')).toBeNull();
    expect(within(card).getByText(FINGERPRINT)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Hent certifikatet' })).toHaveAttribute(
      'href',
      '/tls/naalepuden-rod.crt',
    );
  });

  it('with the owner’s own certificate: the address and a QR code of it, nothing about the shop’s root', async () => {
    const { card } = showing({
      ...none,
      mode: 'own',
      appUrl: 'https://butik.tail1234.ts.net:3000/',
      qrSvg: QR,
    });
    expect(
      await within(card).findByText(/Serveren bruger dit eget certifikat \(TLS_CERT\)/),
    ).toBeInTheDocument();
    expect(within(card).getByText('https://butik.tail1234.ts.net:3000/')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'QR-kode med Nålepudens adresse' })).toBeInTheDocument();
    expect(within(card).queryByText('Rodcertifikatets fingeraftryk (SHA-256)')).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Hent certifikatet' })).toBeNull();
    expect(within(card).queryByRole('region', { name: 'Sådan fjerner du tilliden igen' })).toBeNull();
  });

  it('behind a proxy with https: the proxy’s address', async () => {
    const { card } = showing({ ...none, mode: 'proxy', appUrl: 'https://perler.example.dk/', qrSvg: null });
    expect(await within(card).findByText(/Nålepuden ligger bag en proxy med https/)).toBeInTheDocument();
    expect(within(card).getByText('https://perler.example.dk/')).toBeInTheDocument();
    expect(within(card).queryByRole('img')).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Hent certifikatet' })).toBeNull();
  });

  it('with HTTPS=off: says what the phone goes without, and the plain address', async () => {
    const { card } = showing({ ...none, mode: 'off', appUrl: 'http://192.168.1.20:3000/', qrSvg: QR });
    expect(
      await within(card).findByText(/Den sikre forbindelse er slået fra \(HTTPS=off\)/),
    ).toBeInTheDocument();
    expect(within(card).getByText('http://192.168.1.20:3000/')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Hent certifikatet' })).toBeNull();
  });

  it('with HTTPS=off and no network: only what the phone goes without', async () => {
    const { card } = showing({ ...none, mode: 'off', appUrl: null, qrSvg: null });
    expect(await within(card).findByText(/HTTPS=off/)).toBeInTheDocument();
    expect(within(card).queryByText('Telefonens adresse')).toBeNull();
  });

  it('says it is loading while the answer is on its way', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { card } = renderCard(() => new Promise<Response>((resolve) => (answer = resolve)));
    expect(within(card).getByRole('status')).toHaveTextContent('Henter telefonens opsætning …');
    answer(Response.json(builtin));
    expect(await within(card).findByText('https://192.168.1.20:3000/')).toBeInTheDocument();
    expect(within(card).queryByRole('status')).toBeNull();
  });

  it('says so when the set-up could not be read, and "Prøv igen" asks again', async () => {
    let fail = true;
    const { fetch, card } = renderCard(() =>
      fail
        ? Response.json({ message: 'Serverfejl', code: 'HTTP_500' }, { status: 500 })
        : Response.json(builtin),
    );
    expect(await within(card).findByText('Telefonens opsætning kunne ikke hentes')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Prøv igen' }));
    expect(await within(card).findByText(FINGERPRINT)).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
