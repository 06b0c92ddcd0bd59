/**
 * Texts of a salon's first week (issue #35): the setup card that says only what is true and folds away,
 * the link made from the name, the public link and its QR code on top of the panel. Apart from
 * owner-messages.ts so the files grow independently.
 */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  setupCanBook: 'Клиенты уже могут записываться по вашей ссылке. Эти шаги сделают запись надёжнее.',
  setupCannotBook: 'Клиенты смогут записаться, когда появится мастер с рабочими часами.',
  setupProgress: 'Первые шаги: {done} из {total}',
  setupHide: 'Свернуть',
  setupShow: 'Показать',
  setupDone: 'Готово: {steps}',
  stepHoursCheck: 'Проверьте часы работы: сейчас стоят часы по умолчанию',
  stepHoursConfirm: 'Часы верны',
  stepStrict: 'Не записывать двоих к одному мастеру на одно время',
  stepStrictHelp: 'Занятое время пропадёт со страницы записи, а вторую запись на него сервис не примет.',
  stepLink: 'Ссылка из названия вместо номера телефона:',
  stepLinkAction: 'Взять эту ссылку',
  stepLinkNone: 'Ссылка для записи — ваш номер телефона. Задайте короткую ссылку.',
  stepLinkSettings: 'Задать ссылку',
  doneMaster: 'мастер',
  doneHours: 'часы работы',
  doneStrict: 'без двойных записей',
  doneLink: 'ссылка',
  doneTelegram: 'Telegram',
  publicLink: 'Ссылка для записи',
  showQr: 'QR',
  hideQr: 'Скрыть QR-код',
  qrLabel: 'QR-код ссылки для записи',
  clientNote: 'Заметка о клиенте',
};
export type FirstWeekKey = keyof typeof ru;

const kk: Record<FirstWeekKey, string> = {
  setupCanBook: 'Клиенттер сіздің сілтемеңіз арқылы жазыла алады. Бұл қадамдар жазылуды сенімдірек етеді.',
  setupCannotBook: 'Жұмыс уақыты бар шебер пайда болғанда клиенттер жазыла алады.',
  setupProgress: 'Алғашқы қадамдар: {done}/{total}',
  setupHide: 'Жасыру',
  setupShow: 'Көрсету',
  setupDone: 'Дайын: {steps}',
  stepHoursCheck: 'Жұмыс уақытын тексеріңіз: қазір әдепкі уақыт тұр',
  stepHoursConfirm: 'Уақыт дұрыс',
  stepStrict: 'Бір шеберге бір уақытқа екі адамды жазбау',
  stepStrictHelp: 'Бос емес уақыт жазылу бетінен жоғалады, ал оған екінші жазылуды сервис қабылдамайды.',
  stepLink: 'Телефон нөмірінің орнына атаудан жасалған сілтеме:',
  stepLinkAction: 'Осы сілтемені алу',
  stepLinkNone: 'Жазылу сілтемесі — сіздің телефон нөміріңіз. Қысқа сілтеме қойыңыз.',
  stepLinkSettings: 'Сілтеме қою',
  doneMaster: 'шебер',
  doneHours: 'жұмыс уақыты',
  doneStrict: 'қос жазылусыз',
  doneLink: 'сілтеме',
  doneTelegram: 'Telegram',
  publicLink: 'Жазылу сілтемесі',
  showQr: 'QR',
  hideQr: 'QR-кодты жасыру',
  qrLabel: 'Жазылу сілтемесінің QR-коды',
  clientNote: 'Клиент туралы жазба',
};

const en: Record<FirstWeekKey, string> = {
  setupCanBook: 'Clients can already book through your link. These steps make booking more reliable.',
  setupCannotBook: 'Clients can book once there is a master with working hours.',
  setupProgress: 'First steps: {done} of {total}',
  setupHide: 'Fold away',
  setupShow: 'Show',
  setupDone: 'Done: {steps}',
  stepHoursCheck: 'Check the working hours: the default hours are set now',
  stepHoursConfirm: 'Hours are right',
  stepStrict: 'Never book two clients with one master at the same time',
  stepStrictHelp: 'A taken time disappears from the booking page, and a second booking for it is refused.',
  stepLink: 'A link made from the name instead of your phone number:',
  stepLinkAction: 'Use this link',
  stepLinkNone: 'Your booking link is your phone number. Set a short link.',
  stepLinkSettings: 'Set a link',
  doneMaster: 'master',
  doneHours: 'working hours',
  doneStrict: 'no double bookings',
  doneLink: 'link',
  doneTelegram: 'Telegram',
  publicLink: 'Booking link',
  showQr: 'QR',
  hideQr: 'Hide QR code',
  qrLabel: 'QR code of the booking link',
  clientNote: 'Note about the client',
};

export const firstWeekMessages = defineMessages<FirstWeekKey>({ ru, kk, en });
export const useFirstWeekT = (): Translate<FirstWeekKey> => useShared(firstWeekMessages);
