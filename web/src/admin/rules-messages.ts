/** Texts of the booking rules (CONTRACT.md §17): own prices grid, buffer, notice and horizon. Apart so the files grow independently. */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  termsTitle: 'Цены и длительность по мастерам',
  termsHelp: 'Пустая клетка — как в услуге (серым). Впишите цену или минуты, если у мастера они свои.',
  termsPrice: '{master}, {service}: цена, ₸',
  termsDuration: '{master}, {service}: минут',
  termsNotDone: 'не делает',
  termsSave: 'Сохранить цены',
  termsSaved: 'Сохранено',
  termsEmpty: 'Добавьте мастеров и услуги, и здесь появится таблица.',
  bufferAfter: 'Перерыв после услуги, мин',
  bufferHelp: 'Столько минут после записи мастер свободен для уборки: клиентам это время не предлагается.',
  windowTitle: 'Когда клиенты могут записываться',
  minNotice: 'Записывать не позже чем за … до начала',
  noticeNone: 'в любой момент',
  noticeMinutes: '{n} мин',
  noticeHours: '{n} ч',
  noticeDays: '{n} дн.',
  horizon: 'Принимать записи на … дней вперёд',
  horizonNone: 'без ограничения',
  horizonHelp: 'Это касается записи клиентов на странице и в мини-приложении; ваши собственные записи не ограничены.',
  windowSave: 'Сохранить',
  windowSaved: 'Сохранено',
};
export type RulesKey = keyof typeof ru;

const kk: Record<RulesKey, string> = {
  termsTitle: 'Шеберлер бойынша баға мен ұзақтық',
  termsHelp: 'Бос ұяшық — қызметтегідей (сұр түспен). Шебердің өз бағасы немесе минуты болса, жазыңыз.',
  termsPrice: '{master}, {service}: баға, ₸',
  termsDuration: '{master}, {service}: минут',
  termsNotDone: 'жасамайды',
  termsSave: 'Бағаларды сақтау',
  termsSaved: 'Сақталды',
  termsEmpty: 'Шеберлер мен қызметтерді қосыңыз — кесте осында пайда болады.',
  bufferAfter: 'Қызметтен кейінгі үзіліс, мин',
  bufferHelp: 'Жазбадан кейін шебер осынша минут жинастыруға бос: бұл уақыт клиенттерге ұсынылмайды.',
  windowTitle: 'Клиенттер қашан жазыла алады',
  minNotice: 'Басталуға дейін кемінде … бұрын жазу',
  noticeNone: 'кез келген уақытта',
  noticeMinutes: '{n} мин',
  noticeHours: '{n} сағ',
  noticeDays: '{n} күн',
  horizon: 'Жазбаларды … күн алға қабылдау',
  horizonNone: 'шектеусіз',
  horizonHelp: 'Бұл беттегі және мини-қосымшадағы клиент жазбаларына қатысты; өз жазбаларыңыз шектелмейді.',
  windowSave: 'Сақтау',
  windowSaved: 'Сақталды',
};

const en: Record<RulesKey, string> = {
  termsTitle: 'Prices and durations per master',
  termsHelp: 'A blank cell takes the service’s value (in grey). Type a price or minutes where the master has their own.',
  termsPrice: '{master}, {service}: price, ₸',
  termsDuration: '{master}, {service}: minutes',
  termsNotDone: 'does not do',
  termsSave: 'Save prices',
  termsSaved: 'Saved',
  termsEmpty: 'Add masters and services and the table appears here.',
  bufferAfter: 'Break after the service, min',
  bufferHelp: 'The master stays free this many minutes after a booking to tidy up: clients are not offered that time.',
  windowTitle: 'When clients may book',
  minNotice: 'Book no later than … before the start',
  noticeNone: 'any time',
  noticeMinutes: '{n} min',
  noticeHours: '{n} h',
  noticeDays: '{n} days',
  horizon: 'Accept bookings … days ahead',
  horizonNone: 'no limit',
  horizonHelp: 'This limits clients on the page and in the mini app; your own bookings are not limited.',
  windowSave: 'Save',
  windowSaved: 'Saved',
};

export const rulesMessages = defineMessages<RulesKey>({ ru, kk, en });
export const useRulesT = (): Translate<RulesKey> => useShared(rulesMessages);
