/**
 * The iPhone's way to trust a root: a configuration profile (.mobileconfig) holding the certificate, which
 * Safari downloads and Indstillinger installs (Apple's Configuration Profile Reference, payload type
 * com.apple.security.root). It is not signed, so iOS shows it as "Ikke bekræftet"; the fingerprint on the
 * set-up page and in Indstillinger → Telefon is how the owner checks it.
 */
import { escapeHtml } from './setup-page.ts';

/** A UUID made from the root's fingerprint: the same root always gives the same profile, installed once. */
function uuidFrom(hex: string, variant: string): string {
  const h = `${variant}${hex}`
    .replace(/[^0-9A-F]/gi, '')
    .toUpperCase()
    .padEnd(32, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function appleProfile(input: { rootName: string; rootDer: Buffer; fingerprint: string }): string {
  const fp = input.fingerprint.replace(/:/g, '');
  const name = escapeHtml(input.rootName);
  const id = `dk.naalepuden.root.${fp.slice(0, 16).toLowerCase()}`;
  const base64 = input.rootDer
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim();
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>PayloadContent</key>
  <array>
    <dict>
      <key>PayloadCertificateFileName</key>
      <string>naalepuden-rod.cer</string>
      <key>PayloadContent</key>
      <data>
${base64}
      </data>
      <key>PayloadDescription</key>
      <string>Butikkens eget rodcertifikat til Nålepudens sikre forbindelse</string>
      <key>PayloadDisplayName</key>
      <string>${name}</string>
      <key>PayloadIdentifier</key>
      <string>${id}.certificate</string>
      <key>PayloadType</key>
      <string>com.apple.security.root</string>
      <key>PayloadUUID</key>
      <string>${uuidFrom(fp, 'C')}</string>
      <key>PayloadVersion</key>
      <integer>1</integer>
    </dict>
  </array>
  <key>PayloadDescription</key>
  <string>Giver telefonen en sikker forbindelse til Nålepuden på butikkens netværk.</string>
  <key>PayloadDisplayName</key>
  <string>${name}</string>
  <key>PayloadIdentifier</key>
  <string>${id}</string>
  <key>PayloadOrganization</key>
  <string>Nålepuden</string>
  <key>PayloadRemovalDisallowed</key>
  <false/>
  <key>PayloadType</key>
  <string>Configuration</string>
  <key>PayloadUUID</key>
  <string>${uuidFrom(fp, 'A')}</string>
  <key>PayloadVersion</key>
  <integer>1</integer>
</dict>
</plist>
`;
}
