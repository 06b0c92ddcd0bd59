/** "+ Новая запись": the way into the new-booking form (new-booking.tsx) from a page that offers one. */
import { useBookingsT } from './messages';

export function NewBookingButton(props: { onClick: () => void }) {
  const tb = useBookingsT();
  return (
    <button type="button" class="btn btn-small" onClick={props.onClick}>
      + {tb('newBooking')}
    </button>
  );
}
