/** "Мастер: Динара · Все мастера": the service step opened from a master's link (CONTRACT.md §18). */
import { defineMessages, useT } from '@shared/i18n';
import type { Master } from './types';

const presetMessages = defineMessages({
  ru: { master: 'Мастер', everyone: 'Все мастера' },
  kk: { master: 'Шебер', everyone: 'Барлық шеберлер' },
  en: { master: 'Specialist', everyone: 'All specialists' },
});

export function PresetMaster({ master, onClear }: { master: Master; onClear(): void }) {
  const t = useT(presetMessages);
  return (
    <p class="preset-master" data-preset-master={master.id}>
      <span>
        {t('master')}: <b>{master.name}</b>
      </span>{' '}
      <button type="button" class="link" onClick={onClear}>
        {t('everyone')}
      </button>
    </p>
  );
}
