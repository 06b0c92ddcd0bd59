/** Texts of the masters × services grid's row tool and per-cell save (CONTRACT.md §17), apart from common/rules-messages.ts. */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  termsRowTool: 'Для всех услуг',
  termsRowToolTitle: '{master}: для всех услуг мастера',
  termsRowPercent: 'Цена, ± %',
  termsRowMinutes: 'Минуты, ±',
  termsRowApply: 'Применить',
  termsRowHelp: 'Например +20 или −10 (цена округляется до 100 ₸) и +15 минут. Клетки можно поправить, затем «Сохранить цены».',
  termsCellsFailed: 'Не сохранено клеток: {n}. Они остались в таблице — исправьте и сохраните снова.',
};
type Key = keyof typeof ru;

const kk: Record<Key, string> = {
  termsRowTool: 'Барлық қызметке',
  termsRowToolTitle: '{master}: шебердің барлық қызметіне',
  termsRowPercent: 'Баға, ± %',
  termsRowMinutes: 'Минут, ±',
  termsRowApply: 'Қолдану',
  termsRowHelp:
    'Мысалы +20 немесе −10 (баға 100 ₸-ге дейін дөңгелектенеді) және +15 минут. Ұяшықтарды түзетіп, «Бағаларды сақтау» басыңыз.',
  termsCellsFailed: 'Сақталмаған ұяшықтар: {n}. Олар кестеде қалды — түзетіп, қайта сақтаңыз.',
};

const en: Record<Key, string> = {
  termsRowTool: 'All services',
  termsRowToolTitle: '{master}: all of the master’s services',
  termsRowPercent: 'Price, ± %',
  termsRowMinutes: 'Minutes, ±',
  termsRowApply: 'Apply',
  termsRowHelp: 'E.g. +20 or −10 (prices round to the nearest 100 ₸) and +15 minutes. Adjust cells if needed, then “Save prices”.',
  termsCellsFailed: 'Cells not saved: {n}. They stay in the table: fix them and save again.',
};

const termsMessages = defineMessages<Key>({ ru, kk, en });
export const useTermsT = (): Translate<Key> => useShared(termsMessages);
