/**
 * "Подписаться в календаре" on a master's row (CONTRACT.md §14): the secret
 * feed address with copy, a webcal:// link that opens the phone's calendar,
 * its QR code (for the master's own phone) and a new address after a
 * confirmation (the old one then answers 404).
 */
import { useState } from 'preact/hooks';
import { ErrorBox, Loading, generalError, useAction, useLoad } from '@shared/panel-ui';
import { CopyButton } from '../common/copy-button';
import { client, type Master } from '../common/state';
import { useQr } from '../common/qr';
import { useMastersT } from './messages';

const webcal = (url: string): string => url.replace(/^https?:\/\//, 'webcal://');

function CalendarLink(props: { master: Master }) {
  const s = useMastersT();
  const id = props.master.id;
  const feed = useLoad((signal) => client.get('/masters/{id}/calendar', { path: { id }, signal }), [id]);
  const [asking, setAsking] = useState(false);
  const [rotated, setRotated] = useState(false);
  const url = feed.data?.url;
  const qr = useQr(url && webcal(url));
  const rotate = useAction(async () => {
    feed.set(await client.post('/masters/{id}/calendar/rotate', { path: { id } }));
    setAsking(false);
    setRotated(true);
  });
  if (!url) return feed.error ? <ErrorBox error={generalError(feed.error)} /> : <Loading text={s('loading')} />;
  return (
    <div class="card master-calendar" data-testid={`master-calendar-${id}`}>
      <h3 class="flush-top">{s('calendarTitle', { name: props.master.name })}</h3>
      <div class="row master-link-body">
        <div class="qr" aria-label={s('calendarQr')} role="img" dangerouslySetInnerHTML={{ __html: qr }} />
        <div class="master-link-text">
          <p class="flush-top">{s('calendarHelp')}</p>
          <p class="long-url">
            <code data-testid="calendar-url">{url}</code>
          </p>
          <div class="row">
            <CopyButton key={url} text={url} />
            <a class="btn btn-small" href={webcal(url)} data-testid="calendar-webcal">
              {s('calendarOpen')}
            </a>
          </div>
          <p class="muted small-print">{s('calendarSecret')}</p>
        </div>
      </div>
      <ErrorBox error={generalError(rotate.error)} />
      {rotated && (
        <p role="status" class="muted">
          {s('rotated')}
        </p>
      )}
      {asking ? (
        <div class="notice" role="alert">
          <p class="ask">{s('rotateAsk')}</p>
          <div class="row">
            <button type="button" class="btn btn-small" disabled={rotate.busy} onClick={() => void rotate.run()}>
              {s('rotateYes')}
            </button>
            <button type="button" class="btn btn-ghost btn-small" onClick={() => setAsking(false)}>
              {s('cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" class="btn btn-ghost btn-small" onClick={() => (setRotated(false), setAsking(true))}>
          {s('rotate')}
        </button>
      )}
    </div>
  );
}

/** The toggle and, once opened, the feed (its address is made on that first ask). */
export function MasterCalendar(props: { master: Master }) {
  const s = useMastersT();
  const [open, setOpen] = useState(false);
  return (
    <div class="master-calendar-toggle">
      <button type="button" class="btn btn-ghost btn-small" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? s('subscribeHide') : `📅 ${s('subscribe')}`}
      </button>
      {open && <CalendarLink master={props.master} />}
    </div>
  );
}
