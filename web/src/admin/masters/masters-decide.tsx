/** Settings → "masters may decide" (CONTRACT.md §16): saved as soon as it is switched. */
import { useState } from 'preact/hooks';
import { ErrorBox, generalError, useAction } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { client, useSession } from '../common/state';
import { useMastersT } from './messages';
import './masters.css';

export function MastersDecide() {
  const s = useMastersT();
  const t = useT(messages);
  const session = useSession();
  const [saved, setSaved] = useState(false);
  // Shown switched at once; back as it was when the save fails.
  const [checked, setChecked] = useState(session.business.masters_can_decide);
  const save = useAction(async (allowed: boolean) => {
    setSaved(false);
    setChecked(allowed);
    try {
      session.setBusiness(await client.put('/business', { body: { masters_can_decide: allowed } }));
    } catch (error) {
      setChecked(!allowed);
      throw error;
    }
    setSaved(true);
  });
  return (
    <section class="card" aria-labelledby="masters-decide-title">
      <h2 id="masters-decide-title">{t('navMasters')}</h2>
      <label class="check masters-decide">
        <input
          type="checkbox"
          name="masters_can_decide"
          checked={checked}
          disabled={save.busy}
          onChange={(e) => void save.run((e.target as HTMLInputElement).checked)}
        />
        <span id="masters-decide-label">{s('mastersDecide')}</span>
      </label>
      <p class="muted small-print">{s('mastersDecideHelp')}</p>
      <ErrorBox error={generalError(save.error)} />
      {saved && (
        <p role="status" class="muted">
          {s('mastersDecideSaved')}
        </p>
      )}
    </section>
  );
}
