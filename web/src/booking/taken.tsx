/**
 * The chosen time, checked again just before the booking goes out, was taken meanwhile (the API keeps no
 * overlap check, SPEC.md, so the page warns before a double booking): say so beside the confirm button and offer the nearest free times of
 * that day, the typed details kept.
 */
import type { Retaken } from './flow-state';
import type { BookingT } from './messages';

interface TakenNoticeProps {
  t: BookingT;
  retaken: Retaken;
  onPick(time: string): void;
  onOtherDay(): void;
}

export function TakenNotice({ t, retaken, onPick, onOtherDay }: TakenNoticeProps) {
  if ('changedTo' in retaken) {
    return (
      <p class="notice" role="status" data-testid="time-changed">
        {t('timeChanged', { time: retaken.changedTo })}
      </p>
    );
  }
  const { time, offered } = retaken;
  return (
    <div class="taken" role="alert" data-testid="time-taken">
      <p class="error">{t(offered.length > 0 ? 'takenNow' : 'takenNone', { time })}</p>
      {offered.length > 0 && (
        <div class="times">
          {offered.map((free) => (
            <button key={free} type="button" class="time" data-time={free} onClick={() => onPick(free)}>
              {free}
            </button>
          ))}
        </div>
      )}
      <button type="button" class="link other-day" onClick={onOtherDay}>
        {t('otherDay')}
      </button>
    </div>
  );
}
