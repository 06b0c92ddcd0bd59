/**
 * Texts of the owner's own bookings (enter, move), the phone layout, the first-steps
 * checklist and the confirmations, kept apart from messages.ts so the two grow independently.
 */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  newBooking: 'Новая запись',
  clientSearch: 'Найти клиента: телефон или имя',
  clientSearchHint: 'Выберите постоянного клиента или введите имя и телефон нового',
  clientsFound: 'Найденные клиенты',
  firstName: 'Имя клиента',
  clientPhone: 'Телефон клиента',
  date: 'Дата',
  time: 'Время',
  createBooking: 'Записать',
  slotTaken: 'Это время у мастера уже занято. Выберите другое.',
  move: 'Перенести',
  moveTitle: 'Перенести запись',
  moveAsk: 'Перенести запись клиента {client} на {when} к мастеру {master}? Клиент получит уведомление в Telegram, если подписан на бота.',
  moveYes: 'Да, перенести',
  cancelAsk:
    'Отменить запись клиента {client}? Сообщение «Запись ОТМЕНЕНА» с вашим телефоном придёт ему в Telegram, только если он подключил бота после записи; иначе клиент ничего не узнает — позвоните ему: {phone}.',
  cancelYes: 'Да, отменить запись',
  rejectAsk:
    'Отклонить заявку клиента {client}? На сайте клиент увидел «Вы записаны!» и ждёт. Бот ему ничего не отправит — сообщите клиенту сами: {phone}.',
  rejectYes: 'Да, отклонить',
  cancelBooking: 'Отменить запись',
  rejectRequest: 'Отклонить заявку',
  requestActions: 'Заявка клиента',
  bookingActions: 'Действия с записью',
  completeNotYet: 'Завершить запись можно, когда она начнётся.',
  deleteCancelledAsk: 'Удалить запись навсегда? Клиенту ничего не отправится.',
  master: 'Мастер',
  calendarHint: 'Нажмите на свободное время, чтобы записать клиента; перетащите запись, чтобы перенести.',
  calendarHintPhone: 'Нажмите на свободное время, чтобы записать клиента.',
  navMenu: 'Меню',
  closeMenu: 'Закрыть меню',
};

export type OwnerKey = keyof typeof ru;

const kk: Record<OwnerKey, string> = {
  newBooking: 'Жаңа жазылу',
  clientSearch: 'Клиентті табу: телефон немесе аты',
  clientSearchHint: 'Тұрақты клиентті таңдаңыз немесе жаңа клиенттің аты мен телефонын енгізіңіз',
  clientsFound: 'Табылған клиенттер',
  firstName: 'Клиенттің аты',
  clientPhone: 'Клиенттің телефоны',
  date: 'Күні',
  time: 'Уақыты',
  createBooking: 'Жазу',
  slotTaken: 'Шебердің бұл уақыты бос емес. Басқасын таңдаңыз.',
  move: 'Ауыстыру',
  moveTitle: 'Жазылуды ауыстыру',
  moveAsk:
    '{client} клиентінің жазылуын {when} уақытына, {master} шеберіне ауыстырасыз ба? Ботқа жазылған болса, клиент Telegram-да хабарлама алады.',
  moveYes: 'Иә, ауыстыру',
  cancelAsk:
    '{client} клиентінің жазылуынан бас тартасыз ба? «Запись ОТМЕНЕНА» хабарламасы Telegram-ға тек клиент жазылғаннан кейін ботты қосса ғана келеді; әйтпесе клиент білмейді — оған қоңырау шалыңыз: {phone}.',
  cancelYes: 'Иә, бас тарту',
  rejectAsk:
    '{client} клиентінің өтінішін қабылдамайсыз ба? Сайтта клиент «Сіз жазылдыңыз!» деп көрді және күтуде. Бот оған ештеңе жібермейді — клиентке өзіңіз хабарлаңыз: {phone}.',
  rejectYes: 'Иә, қабылдамау',
  cancelBooking: 'Жазылудан бас тарту',
  rejectRequest: 'Өтінішті қабылдамау',
  requestActions: 'Клиент өтініші',
  bookingActions: 'Жазылу әрекеттері',
  completeNotYet: 'Жазылу басталғаннан кейін ғана аяқтауға болады.',
  deleteCancelledAsk: 'Жазылуды біржола жоясыз ба? Клиентке ештеңе жіберілмейді.',
  master: 'Шебер',
  calendarHint: 'Клиентті жазу үшін бос уақытты басыңыз; ауыстыру үшін жазылуды сүйреңіз.',
  calendarHintPhone: 'Клиентті жазу үшін бос уақытты басыңыз.',
  navMenu: 'Мәзір',
  closeMenu: 'Мәзірді жабу',
};

const en: Record<OwnerKey, string> = {
  newBooking: 'New booking',
  clientSearch: 'Find a client: phone or name',
  clientSearchHint: 'Pick a returning client or type a new one’s name and phone',
  clientsFound: 'Clients found',
  firstName: 'Client name',
  clientPhone: 'Client phone',
  date: 'Date',
  time: 'Time',
  createBooking: 'Book',
  slotTaken: 'The master is busy at this time. Pick another.',
  move: 'Move',
  moveTitle: 'Move the booking',
  moveAsk: 'Move {client}’s booking to {when} with {master}? The client gets a Telegram message if subscribed to the bot.',
  moveYes: 'Yes, move it',
  cancelAsk:
    'Cancel {client}’s booking? The “Запись ОТМЕНЕНА” message with your phone reaches them in Telegram only if they connected the bot after booking; otherwise the client is not told — call them: {phone}.',
  cancelYes: 'Yes, cancel it',
  rejectAsk:
    'Decline {client}’s request? The booking page showed the client “You are booked!” and they are waiting. The bot sends them nothing — tell the client yourself: {phone}.',
  rejectYes: 'Yes, decline',
  cancelBooking: 'Cancel booking',
  rejectRequest: 'Decline request',
  requestActions: 'Client request',
  bookingActions: 'Booking actions',
  completeNotYet: 'A booking can be completed once it has started.',
  deleteCancelledAsk: 'Delete the booking for good? Nothing is sent to the client.',
  master: 'Master',
  calendarHint: 'Click a free time to book a client; drag a booking to move it.',
  calendarHintPhone: 'Tap a free time to book a client.',
  navMenu: 'Menu',
  closeMenu: 'Close menu',
};

export const ownerMessages = defineMessages<OwnerKey>({ ru, kk, en });
export const useOwnerT = (): Translate<OwnerKey> => useShared(ownerMessages);
