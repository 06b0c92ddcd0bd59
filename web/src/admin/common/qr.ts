/** A link's QR code as SVG text, drawn once the link is known (the public link, a master's Telegram, a calendar feed). */
import { useEffect, useState } from 'preact/hooks';

export function useQr(link: string | undefined): string {
  const [qr, setQr] = useState('');
  useEffect(() => {
    setQr('');
    if (!link) return;
    let current = true;
    // qrcode is loaded only here, so it never weighs on the other pages
    void import('qrcode')
      .then((QR) => QR.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => current && setQr(svg));
    return () => void (current = false);
  }, [link]);
  return qr;
}
