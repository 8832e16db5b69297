import QRCode from 'qrcode';

const qrCache = new Map<string, string>();
/** The QR code of `text` as SVG (the few URLs the phone is shown are kept). */
export async function qrSvg(text: string): Promise<string> {
  let svg = qrCache.get(text);
  if (!svg) {
    svg = await QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
    if (qrCache.size > 20) qrCache.clear();
    qrCache.set(text, svg);
  }
  return svg;
}
