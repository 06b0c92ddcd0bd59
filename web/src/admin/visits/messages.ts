/** Texts of a visit of several services in the panel (CONTRACT.md §20): the calendar's hint, the visit card, its move, a new visit. */
import { defineMessages, useT, type Translate } from '@shared/i18n';

const ru = {
  visit: 'Визит',
  visitHintFew: 'визит · {n} услуги',
  visitHintMany: 'визит · {n} услуг',
  visitHintListed: 'визит · в списке: {n}',
  items: 'Услуги визита',
  itemTime: 'Время',
  serviceAndMaster: 'Услуга и мастер',
  total: 'Итого',
  statusMixed: 'Разный: одну из услуг меняли отдельно',
  confirmAll: 'Подтвердить весь визит',
  cancelAll: 'Отменить весь визит',
  cancelVisitAsk:
    'Отменить весь визит клиента {client}? Сообщение об отмене придёт ему в Telegram, только если он подключил бота; иначе позвоните ему: {phone}.',
  cancelVisitYes: 'Да, отменить визит',
  moveVisit: 'Перенести визит',
  moveVisitHint: 'Все услуги переносятся вместе, у тех же мастеров.',
  freeVisitTimes: 'Время, когда свободны все мастера визита:',
  freeVisitTimesLabel: 'Свободное время визита',
  noFreeVisitTimes: 'В этот день времени для всего визита нет — можно ввести время вручную.',
  moveVisitAsk: 'Перенести визит клиента {client} на {when}? Клиент получит уведомление в Telegram, если подписан на бота.',
  deleteVisit: 'Удалить визит',
  deleteVisitAsk: 'Удалить весь визит навсегда? Клиент получит уведомление об отмене.',
  deleteCancelledVisitAsk: 'Удалить весь визит навсегда? Клиенту ничего не отправится.',
  addService: '+ ещё услуга',
  serviceN: 'Услуга {n}',
  masterN: 'Мастер {n}',
  removeService: 'Убрать услугу {n}',
  visitTotal: 'Весь визит: {duration} · {price}',
};

type Key = keyof typeof ru;

const kk: Record<Key, string> = {
  visit: 'Келу',
  visitHintFew: 'келу · {n} қызмет',
  visitHintMany: 'келу · {n} қызмет',
  visitHintListed: 'келу · тізімде: {n}',
  items: 'Келудің қызметтері',
  itemTime: 'Уақыты',
  serviceAndMaster: 'Қызмет және шебер',
  total: 'Барлығы',
  statusMixed: 'Әртүрлі: бір қызмет бөлек өзгертілді',
  confirmAll: 'Бүкіл келуді растау',
  cancelAll: 'Бүкіл келуді болдырмау',
  cancelVisitAsk:
    '{client} клиенттің бүкіл келуін болдырмау керек пе? Хабарлама Telegram-ға ол ботты қосқан жағдайда ғана келеді; әйтпесе оған қоңырау шалыңыз: {phone}.',
  cancelVisitYes: 'Иә, келуді болдырмау',
  moveVisit: 'Келуді ауыстыру',
  moveVisitHint: 'Барлық қызметтер бірге, сол шеберлерде ауыстырылады.',
  freeVisitTimes: 'Келудің барлық шеберлері бос уақыт:',
  freeVisitTimesLabel: 'Келудің бос уақыты',
  noFreeVisitTimes: 'Бұл күні бүкіл келуге уақыт жоқ — уақытты қолмен енгізуге болады.',
  moveVisitAsk: '{client} клиенттің келуін {when} уақытына ауыстыру керек пе? Клиент ботқа жазылған болса, Telegram-да хабарлама алады.',
  deleteVisit: 'Келуді жою',
  deleteVisitAsk: 'Бүкіл келуді біржола жою керек пе? Клиент болдырмау туралы хабарлама алады.',
  deleteCancelledVisitAsk: 'Бүкіл келуді біржола жою керек пе? Клиентке ештеңе жіберілмейді.',
  addService: '+ тағы қызмет',
  serviceN: '{n}-қызмет',
  masterN: '{n}-шебер',
  removeService: '{n}-қызметті алып тастау',
  visitTotal: 'Бүкіл келу: {duration} · {price}',
};

const en: Record<Key, string> = {
  visit: 'Visit',
  visitHintFew: 'visit · {n} services',
  visitHintMany: 'visit · {n} services',
  visitHintListed: 'visit · in this list: {n}',
  items: 'Services of the visit',
  itemTime: 'Time',
  serviceAndMaster: 'Service and master',
  total: 'Total',
  statusMixed: 'Mixed: one of the services was changed alone',
  confirmAll: 'Confirm the whole visit',
  cancelAll: 'Cancel the whole visit',
  cancelVisitAsk:
    'Cancel the whole visit of {client}? They get a Telegram message only if they connected the bot; otherwise call them: {phone}.',
  cancelVisitYes: 'Yes, cancel the visit',
  moveVisit: 'Move the visit',
  moveVisitHint: 'All services move together, with the same masters.',
  freeVisitTimes: 'Times when every master of the visit is free:',
  freeVisitTimesLabel: 'Free times of the visit',
  noFreeVisitTimes: 'No time for the whole visit that day — you can type a time.',
  moveVisitAsk: "Move {client}'s visit to {when}? The client gets a Telegram message if subscribed to the bot.",
  deleteVisit: 'Delete the visit',
  deleteVisitAsk: 'Delete the whole visit for good? The client gets a cancellation message.',
  deleteCancelledVisitAsk: 'Delete the whole visit for good? Nothing is sent to the client.',
  addService: '+ another service',
  serviceN: 'Service {n}',
  masterN: 'Master {n}',
  removeService: 'Remove service {n}',
  visitTotal: 'Whole visit: {duration} · {price}',
};

export const visitMessages = defineMessages<Key>({ ru, kk, en });
export const useVisitsT = (): Translate<Key> => useT(visitMessages);

/** "визит · 2 услуги", "визит · 5 услуг" (a visit has 2-5 items). */
export const visitHint = (t: Translate<Key>, n: number): string => t(n < 5 ? 'visitHintFew' : 'visitHintMany', { n });
