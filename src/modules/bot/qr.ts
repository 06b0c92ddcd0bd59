import QRCode from 'qrcode';

/** The public booking page of a business, as clients open it from the QR code. */
export const publicPageUrl = (publicUrl: string, slug: string): string => `${publicUrl}/${slug}`;

/** A PNG QR code of a URL, generated on the server (no external QR service). */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', width: 512, margin: 2, errorCorrectionLevel: 'M' });
}
