/** Texts of the masters × services grid (CONTRACT.md §17): own prices and durations, the row tool, the per-cell save. */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  termsHelp: 'Пустая клетка — как в услуге (серым). Впишите цену или минуты, если у мастера они свои.',
  termsPrice: '{master}, {service}: цена, ₸',
  termsDuration: '{master}, {service}: минут',
  termsNotDone: 'не делает',
  termsSave: 'Сохранить цены',
  termsSaved: 'Сохранено',
  termsEmpty: 'Добавьте мастеров и услуги, и здесь появится таблица.',
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
  termsHelp: 'Бос ұяшық — қызметтегідей (сұр түспен). Шебердің өз бағасы немесе минуты болса, жазыңыз.',
  termsPrice: '{master}, {service}: баға, ₸',
  termsDuration: '{master}, {service}: минут',
  termsNotDone: 'жасамайды',
  termsSave: 'Бағаларды сақтау',
  termsSaved: 'Сақталды',
  termsEmpty: 'Шеберлер мен қызметтерді қосыңыз — кесте осында пайда болады.',
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
  termsHelp: 'A blank cell takes the service’s value (in grey). Type a price or minutes where the master has their own.',
  termsPrice: '{master}, {service}: price, ₸',
  termsDuration: '{master}, {service}: minutes',
  termsNotDone: 'does not do',
  termsSave: 'Save prices',
  termsSaved: 'Saved',
  termsEmpty: 'Add masters and services and the table appears here.',
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
