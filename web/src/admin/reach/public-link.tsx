/**
 * The public booking link where the owner looks first (not buried in the third card of Settings): on top
 * of the calendar, with a copy button and its QR code on request (for the salon's mirror or an Instagram story).
 */
import { useState } from 'preact/hooks';
import { CopyButton } from '../common/copy-button';
import { useSession } from '../common/state';
import { useQr } from '../common/qr';
import { useReachT } from './messages';

export function PublicLinkBar() {
  const s = useReachT();
  const { business } = useSession();
  const [showQr, setShowQr] = useState(false);
  const url = `${location.origin}/${business.slug}`;
  const qr = useQr(showQr ? url : undefined);
  return (
    <section class="public-link" aria-label={s('publicLink')} data-testid="public-link-bar">
      <div class="row">
        <span class="muted public-link-label">{s('publicLink')}:</span>
        <a href={url} target="_blank" rel="noopener" class="public-url tap" data-testid="top-public-link">
          {url.replace(/^https?:\/\//, '')}
        </a>
        <CopyButton text={url} />
        <button
          type="button"
          class="btn btn-ghost btn-small"
          aria-label={showQr ? s('hideQr') : s('qrLabel')}
          aria-expanded={showQr}
          onClick={() => setShowQr(!showQr)}
        >
          {showQr ? s('hideQr') : s('showQr')}
        </button>
      </div>
      {showQr && qr && (
        // the SVG is qrcode's own output for our own URL
        <div class="qr" data-testid="public-link-qr" role="img" aria-label={url} dangerouslySetInnerHTML={{ __html: qr }} />
      )}
    </section>
  );
}
