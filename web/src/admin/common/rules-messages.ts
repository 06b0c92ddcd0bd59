/** Texts of the booking rules (CONTRACT.md §17): own prices grid, buffer, notice and horizon. Apart so the files grow independently. */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  termsHelp: 'Пустая клетка — как в услуге (серым). Впишите цену или минуты, если у мастера они свои.',
  termsPrice: '{master}, {service}: цена, ₸',
  termsDuration: '{master}, {service}: минут',
  termsNotDone: 'не делает',
  termsSave: 'Сохранить цены',
  termsSaved: 'Сохранено',
  termsEmpty: 'Добавьте мастеров и услуги, и здесь появится таблица.',
};
export type RulesKey = keyof typeof ru;

const kk: Record<RulesKey, string> = {
  termsHelp: 'Бос ұяшық — қызметтегідей (сұр түспен). Шебердің өз бағасы немесе минуты болса, жазыңыз.',
  termsPrice: '{master}, {service}: баға, ₸',
  termsDuration: '{master}, {service}: минут',
  termsNotDone: 'жасамайды',
  termsSave: 'Бағаларды сақтау',
  termsSaved: 'Сақталды',
  termsEmpty: 'Шеберлер мен қызметтерді қосыңыз — кесте осында пайда болады.',
};

const en: Record<RulesKey, string> = {
  termsHelp: 'A blank cell takes the service’s value (in grey). Type a price or minutes where the master has their own.',
  termsPrice: '{master}, {service}: price, ₸',
  termsDuration: '{master}, {service}: minutes',
  termsNotDone: 'does not do',
  termsSave: 'Save prices',
  termsSaved: 'Saved',
  termsEmpty: 'Add masters and services and the table appears here.',
};

export const rulesMessages = defineMessages<RulesKey>({ ru, kk, en });
export const useRulesT = (): Translate<RulesKey> => useShared(rulesMessages);
