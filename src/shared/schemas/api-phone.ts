import { z } from 'zod';

/**
 * GET /api/phone: what Indstillinger → Telefon shows. `mode` says how the port speaks TLS:
 * the shop's own root (`builtin`), the owner's certificate (`own`), or not at all (`off`: HTTPS=off, or a
 * proxy in front does https, `proxy`).
 */
export const phoneSetupSchema = z.object({
  mode: z.enum(['builtin', 'own', 'off', 'proxy']),
  /** Where the phone opens the app; null when the machine has no network address. */
  appUrl: z.string().nullable(),
  /** The plain-http address whose page sets the phone up (the QR code's), null unless `builtin`. */
  setupUrl: z.string().nullable(),
  /** The QR code of setupUrl (or appUrl) as an SVG document. */
  qrSvg: z.string().nullable(),
  /** The root's name as the phone lists it, and its SHA-256 fingerprint; null unless `builtin`. */
  rootName: z.string().nullable(),
  rootFingerprint: z.string().nullable(),
  /** Download of the root certificate (.crt); null unless `builtin`. */
  certificateUrl: z.string().nullable(),
});

export type PhoneSetup = z.infer<typeof phoneSetupSchema>;
