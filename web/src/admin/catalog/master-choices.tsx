/** Who does the service: checkboxes of the masters (a new service: none ticked). */
import { useT, messages } from '../common/messages';
import type { Master } from '../common/state';
import { useCatalogT } from './messages';

export function MasterChoices(props: { masters: Master[] | undefined; chosen: number[]; onToggle: (id: number) => void }) {
  const t = useT(messages);
  const s = useCatalogT();
  return (
    <fieldset class="choices">
      <legend class="muted">{s('serviceMasters')}</legend>
      {!props.masters ? (
        <span class="muted">{t('loading')}</span>
      ) : props.masters.length === 0 ? (
        <span class="muted">{s('noMastersForService')}</span>
      ) : (
        props.masters.map((m) => (
          <label class="check" key={m.id}>
            <input type="checkbox" name="service_master" checked={props.chosen.includes(m.id)} onChange={() => props.onToggle(m.id)} />
            {m.name}
          </label>
        ))
      )}
    </fieldset>
  );
}
