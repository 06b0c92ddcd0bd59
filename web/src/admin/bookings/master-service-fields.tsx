/** The new-booking form's master and service (the master's own services when they have any, with their durations). */
import { useT, messages } from '../common/messages';
import type { Master } from '../common/state';
import { useBookingsT } from './messages';

export function MasterServiceFields(props: {
  masters: Master[];
  masterId: number;
  onMaster: (id: number) => void;
  services: ReadonlyArray<{ id: number; name: string; duration: number }>;
  serviceId: number | undefined;
  onService: (id: number) => void;
}) {
  const t = useT(messages);
  const tb = useBookingsT();
  return (
    <div class="grid2">
      <label class="field">
        <span class="muted">{t('master')}</span>
        <select
          class="input"
          name="master_id"
          value={String(props.masterId)}
          onChange={(e) => props.onMaster(Number((e.target as HTMLSelectElement).value))}
        >
          {props.masters.map((m) => (
            <option key={m.id} value={String(m.id)}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span class="muted">{tb('service')}</span>
        <select
          class="input"
          name="service_id"
          required
          value={props.serviceId === undefined ? '' : String(props.serviceId)}
          onChange={(e) => props.onService(Number((e.target as HTMLSelectElement).value))}
        >
          {props.services.map((service) => (
            <option key={service.id} value={String(service.id)}>
              {service.name} ({service.duration}′)
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
