/** Texts of the settings screen (the business, its address, the booking window, the public page): Russian by default, Kazakh and English (the compiler checks every key is in each). */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  addressHint: 'Улица, дом',
  addressNear: 'Улица, дом ({city})',
  city: 'Город',
  cityHint: 'Начните вводить город',
  publicLink: 'Ссылка для записи',
  slug: 'Адрес страницы записи',
  slugFormat: 'От 3 символов: латинские буквы, цифры и дефис (не в начале и не в конце)',
  slugFree: 'свободно',
  slugReserved: 'Этот адрес зарезервирован',
  slugTaken: 'Этот адрес уже занят',
  strictSlots: 'Не записывать двоих к одному мастеру на одно время',
  strictSlotsHelp:
    'Выключено — можно записать двоих на одно время (например, вы сами решаете, кого принять). Включено — вторую запись на занятое время сервис не примет.',
  addressManual: 'Подсказки адресов сейчас недоступны — введите адрес вручную, город сохранится.',
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

export type SettingsKey = keyof typeof ru;

const kk: Record<SettingsKey, string> = {
  addressHint: 'Көше, үй',
  addressNear: 'Көше, үй ({city})',
  city: 'Қала',
  cityHint: 'Қаланы теріңіз',
  publicLink: 'Жазылу сілтемесі',
  slug: 'Жазылу бетінің мекенжайы',
  slugFormat: 'Тек латын әріптері, сандар және сызықша',
  slugFree: 'бос',
  slugReserved: 'Бұл мекенжай сақталған',
  slugTaken: 'Бұл мекенжай бос емес',
  strictSlots: 'Бір шеберге бір уақытқа екі адамды жазбау',
  strictSlotsHelp: 'Өшірулі — бір уақытқа екі адамды жазуға болады. Қосулы — бос емес уақытқа екінші жазылуды сервис қабылдамайды.',
  addressManual: 'Мекенжай ұсыныстары қазір қолжетімсіз — мекенжайды қолмен енгізіңіз, қала сақталады.',
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

const en: Record<SettingsKey, string> = {
  addressHint: 'Street, building',
  addressNear: 'Street, building ({city})',
  city: 'City',
  cityHint: 'Start typing a city',
  publicLink: 'Booking link',
  slug: 'Booking page address',
  slugFormat: 'Only latin letters, digits and hyphens',
  slugFree: 'available',
  slugReserved: 'This address is reserved',
  slugTaken: 'This address is taken',
  strictSlots: 'Never book two clients with one master at the same time',
  strictSlotsHelp: 'Off — two clients can be booked for one time. On — a second booking for a taken time is refused.',
  addressManual: 'Address suggestions are unavailable — type the address; the city is kept.',
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

export const settingsMessages = defineMessages<SettingsKey>({ ru, kk, en });
export const useSettingsT = (): Translate<SettingsKey> => useShared(settingsMessages);
