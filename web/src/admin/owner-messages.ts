/**
 * Texts of the owner's own bookings (enter, move), the phone layout, the first-steps
 * checklist and the confirmations, kept apart from messages.ts so the two grow independently.
 */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  newBooking: 'Новая запись', newBookingAt: 'Записать клиента на {time}', clientSearch: 'Найти клиента: телефон или имя',
  clientSearchHint: 'Выберите постоянного клиента или введите имя и телефон нового', clientsFound: 'Найденные клиенты',
  firstName: 'Имя клиента', clientPhone: 'Телефон клиента', date: 'Дата', time: 'Время', createBooking: 'Записать',
  slotTaken: 'Это время у мастера уже занято. Выберите другое.', move: 'Перенести', moveTitle: 'Перенести запись',
  moveAsk: 'Перенести запись клиента {client} на {when} к мастеру {master}? Клиент получит уведомление в Telegram, если подписан на бота.',
  moveYes: 'Да, перенести', moveChoose: 'Выберите время', cancelAsk: 'Отменить запись клиента {client}? Клиент получит уведомление об отмене.',
  cancelYes: 'Да, отменить запись', rejectAsk: 'Отклонить заявку клиента {client}? Клиенту ничего не отправится.', rejectYes: 'Да, отклонить',
  cancelBooking: 'Отменить запись', rejectRequest: 'Отклонить заявку', requestActions: 'Заявка клиента', bookingActions: 'Действия с записью',
  completeNotYet: 'Завершить запись можно, когда она начнётся.', deleteCancelledAsk: 'Удалить запись навсегда? Клиенту ничего не отправится.',
  onboardingTitle: 'Первые шаги: откройте онлайн-запись', onboardingHelp: 'Пока эти шаги не выполнены, клиенты не смогут записаться.',
  stepMaster: 'Добавьте хотя бы одного мастера', stepMasterAction: 'Добавить мастера', stepHours: 'Задайте часы работы',
  stepHoursAction: 'Настроить график', stepTelegram: 'Подключите Telegram, чтобы получать новые записи', stepTelegramAction: 'Подключить Telegram',
  stepDone: 'готово', master: 'Мастер', scheduleEndBeforeStart: '{day}: конец рабочего дня должен быть позже начала.',
  scheduleBreakOutside: '{day}: перерыв должен быть внутри рабочих часов и заканчиваться после начала.',
  addressManual: 'Подсказки адресов сейчас недоступны — введите адрес вручную, город сохранится.', calendarHint: 'Нажмите на свободное время, чтобы записать клиента; перетащите запись, чтобы перенести.',
  calendarHintPhone: 'Нажмите на свободное время, чтобы записать клиента.', navMenu: 'Меню', closeMenu: 'Закрыть меню',
};

export type OwnerKey = keyof typeof ru;

const kk: Record<OwnerKey, string> = {
  newBooking: 'Жаңа жазылу', newBookingAt: 'Клиентті {time} уақытына жазу', clientSearch: 'Клиентті табу: телефон немесе аты',
  clientSearchHint: 'Тұрақты клиентті таңдаңыз немесе жаңа клиенттің аты мен телефонын енгізіңіз', clientsFound: 'Табылған клиенттер',
  firstName: 'Клиенттің аты', clientPhone: 'Клиенттің телефоны', date: 'Күні', time: 'Уақыты', createBooking: 'Жазу',
  slotTaken: 'Шебердің бұл уақыты бос емес. Басқасын таңдаңыз.', move: 'Ауыстыру', moveTitle: 'Жазылуды ауыстыру',
  moveAsk: '{client} клиентінің жазылуын {when} уақытына, {master} шеберіне ауыстырасыз ба? Ботқа жазылған болса, клиент Telegram-да хабарлама алады.',
  moveYes: 'Иә, ауыстыру', moveChoose: 'Уақытты таңдаңыз', cancelAsk: '{client} клиентінің жазылуынан бас тартасыз ба? Клиент хабарлама алады.',
  cancelYes: 'Иә, бас тарту', rejectAsk: '{client} клиентінің өтінішін қабылдамайсыз ба? Клиентке ештеңе жіберілмейді.', rejectYes: 'Иә, қабылдамау',
  cancelBooking: 'Жазылудан бас тарту', rejectRequest: 'Өтінішті қабылдамау', requestActions: 'Клиент өтініші', bookingActions: 'Жазылу әрекеттері',
  completeNotYet: 'Жазылу басталғаннан кейін ғана аяқтауға болады.', deleteCancelledAsk: 'Жазылуды біржола жоясыз ба? Клиентке ештеңе жіберілмейді.',
  onboardingTitle: 'Алғашқы қадамдар: онлайн-жазылуды ашыңыз', onboardingHelp: 'Бұл қадамдар орындалмайынша клиенттер жазыла алмайды.',
  stepMaster: 'Кемінде бір шебер қосыңыз', stepMasterAction: 'Шебер қосу', stepHours: 'Жұмыс уақытын белгілеңіз',
  stepHoursAction: 'Кестені баптау', stepTelegram: 'Жаңа жазылуларды алу үшін Telegram-ды қосыңыз', stepTelegramAction: 'Telegram қосу',
  stepDone: 'дайын', master: 'Шебер', scheduleEndBeforeStart: '{day}: жұмыс күнінің соңы басынан кейін болуы керек.',
  scheduleBreakOutside: '{day}: үзіліс жұмыс уақытының ішінде болуы керек.',
  addressManual: 'Мекенжай ұсыныстары қазір қолжетімсіз — мекенжайды қолмен енгізіңіз, қала сақталады.', calendarHint: 'Клиентті жазу үшін бос уақытты басыңыз; ауыстыру үшін жазылуды сүйреңіз.',
  calendarHintPhone: 'Клиентті жазу үшін бос уақытты басыңыз.', navMenu: 'Мәзір', closeMenu: 'Мәзірді жабу',
};

const en: Record<OwnerKey, string> = {
  newBooking: 'New booking', newBookingAt: 'Book a client at {time}', clientSearch: 'Find a client: phone or name',
  clientSearchHint: 'Pick a returning client or type a new one’s name and phone', clientsFound: 'Clients found',
  firstName: 'Client name', clientPhone: 'Client phone', date: 'Date', time: 'Time', createBooking: 'Book',
  slotTaken: 'The master is busy at this time. Pick another.', move: 'Move', moveTitle: 'Move the booking',
  moveAsk: 'Move {client}’s booking to {when} with {master}? The client gets a Telegram message if subscribed to the bot.',
  moveYes: 'Yes, move it', moveChoose: 'Pick a time', cancelAsk: 'Cancel {client}’s booking? The client gets a cancellation message.',
  cancelYes: 'Yes, cancel it', rejectAsk: 'Decline {client}’s request? Nothing is sent to the client.', rejectYes: 'Yes, decline',
  cancelBooking: 'Cancel booking', rejectRequest: 'Decline request', requestActions: 'Client request', bookingActions: 'Booking actions',
  completeNotYet: 'A booking can be completed once it has started.', deleteCancelledAsk: 'Delete the booking for good? Nothing is sent to the client.',
  onboardingTitle: 'First steps: open online booking', onboardingHelp: 'Until these are done, clients cannot book.',
  stepMaster: 'Add at least one master', stepMasterAction: 'Add a master', stepHours: 'Set the working hours',
  stepHoursAction: 'Set the schedule', stepTelegram: 'Link Telegram to receive new bookings', stepTelegramAction: 'Link Telegram',
  stepDone: 'done', master: 'Master', scheduleEndBeforeStart: '{day}: the day must end after it starts.',
  scheduleBreakOutside: '{day}: the break must lie within the working hours.',
  addressManual: 'Address suggestions are unavailable — type the address; the city is kept.', calendarHint: 'Click a free time to book a client; drag a booking to move it.',
  calendarHintPhone: 'Tap a free time to book a client.', navMenu: 'Menu', closeMenu: 'Close menu',
};

export const ownerMessages = defineMessages<OwnerKey>({ ru, kk, en });
export const useOwnerT = (): Translate<OwnerKey> => useShared(ownerMessages);
