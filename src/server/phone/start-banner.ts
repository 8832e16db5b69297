/**
 * What the terminal shows when the server has started: where the laptop and the phone open the
 * app, and a QR code of the phone's set-up page, in Danish. Only on a terminal; a service manager's log gets
 * one JSON line with the same addresses instead.
 */
import QRCode from 'qrcode';
import { phoneTexts } from '../../shared/texts/phone.ts';
import { describePhoneSetup, type PhoneOptions } from './phone.routes.ts';

const b = phoneTexts.banner;

export async function startBanner(options: PhoneOptions): Promise<{ text: string; fields: object }> {
  const setup = await describePhoneSetup(options);
  const laptop = `http://localhost:${options.port()}`;
  const lines = ['', `  ${b.running}`, '', `  ${b.laptop.padEnd(22)}${laptop}`];
  const scanTarget = setup.setupUrl ?? setup.appUrl;
  if (setup.appUrl) lines.push(`  ${b.phone.padEnd(22)}${setup.appUrl}`);
  else lines.push(`  ${b.noNetwork}`);
  lines.push('');
  if (setup.mode === 'builtin') lines.push(`  ${b.https}`, `  ${setup.rootFingerprint}`);
  if (setup.mode === 'own') lines.push(`  ${b.own} ${setup.appUrl ?? ''}`);
  if (setup.mode === 'proxy') lines.push(`  ${b.proxy} ${setup.appUrl ?? ''}`);
  if (setup.mode === 'off') lines.push(`  ${b.off}`);
  if (scanTarget) {
    const qr = await QRCode.toString(scanTarget, {
      type: 'terminal',
      small: true,
      errorCorrectionLevel: 'M',
    });
    lines.push(
      '',
      `  ${b.scan}`,
      `  ${scanTarget}`,
      ...qr
        .trimEnd()
        .split('\n')
        .map((line) => `  ${line}`),
    );
  }
  lines.push('', `  ${b.stop}`, '');
  return {
    text: lines.join('\n'),
    fields: {
      laptopUrl: laptop,
      phoneUrl: setup.appUrl,
      setupUrl: setup.setupUrl,
      https: setup.mode,
      rootFingerprint: setup.rootFingerprint,
    },
  };
}
