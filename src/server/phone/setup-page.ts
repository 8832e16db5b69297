/**
 * "Sæt telefonen op": the page a phone gets on plain http. It tells the owner, step by step, how to
 * make the phone trust the shop's root, links the certificate (an iPhone profile and an Android .crt), shows the
 * root's fingerprint, and forwards to the same address on https by itself once the phone trusts the root
 * (setup-script.ts probes /tls/probe over https). Plain HTML and CSS from the server: it must work on a phone
 * that has never run the app, before anything else can.
 */
import { phoneTexts } from '../../shared/texts/phone.ts';

const t = phoneTexts.setup;

export const SETUP_PATHS = {
  profile: '/tls/naalepuden.mobileconfig',
  certificate: `/tls/${phoneTexts.androidFile}`,
  probe: '/tls/probe',
  script: '/tls/setup.js',
} as const;

export type SetupPageInput = {
  rootName: string;
  fingerprint: string;
  /** An SVG QR code of the page's own address, for opening it on the phone from a computer. */
  qrSvg: string;
  pageUrl: string;
  /** Which steps to open first: the phone's own, or both on a computer. */
  device: 'iphone' | 'android' | 'other';
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function steps(items: readonly string[], rootName: string): string {
  return items
    .map(
      (item) =>
        `<li>${escapeHtml(item.replace('{navn}', rootName).replace('{fil}', phoneTexts.androidFile))}</li>`,
    )
    .join('');
}

export function deviceOf(userAgent: string | undefined): SetupPageInput['device'] {
  const ua = userAgent ?? '';
  if (/iPhone|iPad|iPod/.test(ua)) return 'iphone';
  if (/Android/.test(ua)) return 'android';
  return 'other';
}

export function renderSetupPage(input: SetupPageInput): string {
  const open = (device: 'iphone' | 'android') =>
    input.device === device || input.device === 'other' ? ' open' : '';
  return `<!doctype html>
<html lang="da">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#7b2d55">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(t.pageTitle)}</title>
<style>
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; background: #f7f3f5; color: rgba(0,0,0,.87); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
  header { background: #7b2d55; color: #fff; padding: 14px 16px; display: flex; align-items: center; gap: 10px; font-weight: 700; font-size: 1.15rem; }
  header img { width: 28px; height: 28px; background: #fff; border-radius: 8px; padding: 2px; }
  main { max-width: 640px; margin: 0 auto; padding: 16px 16px 40px; }
  h1 { font-size: 1.6rem; margin: 8px 0 8px; color: #7b2d55; }
  .intro { margin: 0 0 16px; color: rgba(0,0,0,.7); }
  .status { display: flex; align-items: center; gap: 10px; background: #fff; border: 1px solid rgba(0,0,0,.12); border-radius: 12px; padding: 12px 14px; margin: 0 0 16px; }
  .status .dot { flex: none; width: 12px; height: 12px; border-radius: 50%; background: #a86400; animation: pulse 1.4s ease-in-out infinite; }
  .status.ok .dot { background: #2e7d4f; animation: none; }
  @keyframes pulse { 50% { opacity: .35; } }
  @media (prefers-reduced-motion: reduce) { .status .dot { animation: none; } }
  details { background: #fff; border: 1px solid rgba(0,0,0,.12); border-radius: 12px; margin: 0 0 12px; }
  summary { cursor: pointer; padding: 14px 16px; font-weight: 700; font-size: 1.1rem; list-style-position: inside; }
  details > div { padding: 0 16px 16px; }
  ol { margin: 0 0 12px; padding-left: 1.3em; }
  li { margin: 0 0 8px; }
  .button { display: block; text-align: center; text-decoration: none; font-weight: 600; border-radius: 12px; padding: 12px 16px; margin: 8px 0; background: #7b2d55; color: #fff; border: 0; font-size: 1rem; width: 100%; font-family: inherit; cursor: pointer; }
  .button.secondary { background: #fff; color: #7b2d55; border: 1px solid #7b2d55; }
  .note { font-size: .9rem; color: rgba(0,0,0,.6); margin: 4px 0 0; }
  .card { background: #fff; border: 1px solid rgba(0,0,0,.12); border-radius: 12px; padding: 14px 16px; margin: 0 0 12px; }
  .card h2 { font-size: 1rem; margin: 0 0 6px; }
  code { font: .85rem/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; word-break: break-all; }
  code.fingerprint { word-break: normal; }
  .qr { display: none; }
  .qr svg { width: 180px; height: 180px; display: block; margin: 8px 0; }
  @media (min-width: 720px) and (hover: hover) { .qr { display: block; } }
</style>
</head>
<body>
<header><img src="/favicon.svg" alt="">Nålepuden</header>
<main>
<h1>${escapeHtml(t.title)}</h1>
<p class="intro">${escapeHtml(t.intro)}</p>
<div class="status" id="status" role="status" aria-live="polite"><span class="dot" aria-hidden="true"></span><span id="status-text">${escapeHtml(t.waiting)}</span></div>
<details${open('iphone')}>
<summary>${escapeHtml(t.iphone)}</summary>
<div>
<ol>${steps(t.iphoneSteps, input.rootName)}</ol>
<a class="button" href="${SETUP_PATHS.profile}" download>${escapeHtml(t.iphoneDownload)}</a>
</div>
</details>
<details${open('android')}>
<summary>${escapeHtml(t.android)}</summary>
<div>
<ol>${steps(t.androidSteps, input.rootName)}</ol>
<a class="button" href="${SETUP_PATHS.certificate}" download="${phoneTexts.androidFile}">${escapeHtml(t.androidDownload)}</a>
<p class="note">${escapeHtml(t.androidNote)}</p>
</div>
</details>
<div class="card">
<a class="button secondary" id="continue" href="">${escapeHtml(t.continue)}</a>
<p class="note">${escapeHtml(t.continueHint)}</p>
</div>
<div class="card">
<h2>${escapeHtml(t.fingerprintTitle)}</h2>
<code class="fingerprint">${escapeHtml(input.fingerprint).replace(/:/g, ':<wbr>')}</code>
<p class="note">${escapeHtml(t.fingerprintHint)}</p>
</div>
<div class="card qr">
<h2>${escapeHtml(t.otherDevice)}</h2>
<p class="note">${escapeHtml(t.otherDeviceHint)}</p>
${input.qrSvg}
<code>${escapeHtml(input.pageUrl)}</code>
</div>
</main>
<script src="${SETUP_PATHS.script}" data-trusted="${escapeHtml(t.trusted)}"></script>
</body>
</html>
`;
}

/**
 * The page's script: the "continue" link points at the same address on https, and /tls/probe is asked over
 * https every 2 s; it answers only once the phone trusts the certificate (before, the TLS handshake fails), and
 * then the page goes there by itself.
 */
export const SETUP_SCRIPT = `(() => {
  const script = document.currentScript;
  const target = 'https://' + location.host + location.pathname + location.search + location.hash;
  const link = document.getElementById('continue');
  if (link) link.href = target;
  const probe = () => {
    fetch('https://' + location.host + '${SETUP_PATHS.probe}', { cache: 'no-store', mode: 'cors', credentials: 'omit' })
      .then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        const status = document.getElementById('status');
        if (status) status.classList.add('ok');
        const text = document.getElementById('status-text');
        if (text && script) text.textContent = script.dataset.trusted || '';
        setTimeout(() => location.replace(target), 600);
      })
      .catch(() => setTimeout(probe, 2000));
  };
  probe();
})();
`;
