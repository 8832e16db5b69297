/**
 * GET /api/phone for Indstillinger → Telefon (the gate and the set-up page on plain http are in plain-http.ts;
 * docs/security.md).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PhoneSetup } from '../../shared/schemas/api-phone.ts';
import { serve } from '../http/serve.ts';
import { phoneAddress, urlHost } from '../https/machine-names.ts';
import type { ShopHttps } from '../https/shop-https.ts';
import { qrSvg } from './qr-code.ts';
import { SETUP_PATHS } from './setup-page.ts';

export type PhoneOptions = {
  https: ShopHttps;
  /** The port the server listens on (known after listen; 0 in configuration means "any"). */
  port: () => number;
  publicUrl: string | undefined;
};

/** GET /api/phone (shop API, a session is required): Indstillinger → Telefon. */
export function phoneApiRoutes(options: PhoneOptions): FastifyPluginAsync {
  return async (app) => {
    serve(app, 'phone', async () => describePhoneSetup(options));
  };
}

export async function describePhoneSetup(options: PhoneOptions): Promise<PhoneSetup> {
  const { https } = options;
  const none = {
    appUrl: null,
    setupUrl: null,
    qrSvg: null,
    rootName: null,
    rootFingerprint: null,
    certificateUrl: null,
  };
  if (https.mode === 'off') {
    if (https.reason === 'public-url' && options.publicUrl) {
      return { ...none, mode: 'proxy', appUrl: options.publicUrl, qrSvg: await qrSvg(options.publicUrl) };
    }
    const address = await phoneAddress();
    const appUrl = address ? `http://${urlHost(address)}:${options.port()}/` : null;
    return { ...none, mode: 'off', appUrl, qrSvg: appUrl ? await qrSvg(appUrl) : null };
  }
  if (https.mode === 'own') {
    const host = https.hostName() ?? (await phoneAddress());
    const appUrl = host ? `https://${urlHost(host)}:${options.port()}/` : null;
    return { ...none, mode: 'own', appUrl, qrSvg: appUrl ? await qrSvg(appUrl) : null };
  }
  const address = await phoneAddress();
  const root = https.root();
  const base = {
    ...none,
    mode: 'builtin' as const,
    rootName: root.rootName,
    rootFingerprint: root.rootFingerprint,
  };
  if (!address) return { ...base, certificateUrl: SETUP_PATHS.certificate };
  const host = `${urlHost(address)}:${options.port()}`;
  const setupUrl = `http://${host}/`;
  return {
    ...base,
    appUrl: `https://${host}/`,
    setupUrl,
    qrSvg: await qrSvg(setupUrl),
    certificateUrl: SETUP_PATHS.certificate,
  };
}
