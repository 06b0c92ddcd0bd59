/**
 * Texts of the owner's own bookings (enter, move), the phone layout, the first-steps
 * checklist and the confirmations, kept apart from messages.ts so the two grow independently.
 */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  time: 'Время',
  stepMaster: 'Добавьте хотя бы одного мастера',
  stepMasterAction: 'Добавить мастера',
  stepHoursAction: 'Настроить график',
  stepTelegram: 'Подключите Telegram, чтобы получать новые записи',
  stepTelegramAction: 'Подключить Telegram',
  master: 'Мастер',
  scheduleEndBeforeStart: '{day}: конец рабочего дня должен быть позже начала.',
  scheduleBreakOutside: '{day}: перерыв должен быть внутри рабочих часов и заканчиваться после начала.',
  addressManual: 'Подсказки адресов сейчас недоступны — введите адрес вручную, город сохранится.',
};

export type OwnerKey = keyof typeof ru;

const kk: Record<OwnerKey, string> = {
  time: 'Уақыты',
  stepMaster: 'Кемінде бір шебер қосыңыз',
  stepMasterAction: 'Шебер қосу',
  stepHoursAction: 'Кестені баптау',
  stepTelegram: 'Жаңа жазылуларды алу үшін Telegram-ды қосыңыз',
  stepTelegramAction: 'Telegram қосу',
  master: 'Шебер',
  scheduleEndBeforeStart: '{day}: жұмыс күнінің соңы басынан кейін болуы керек.',
  scheduleBreakOutside: '{day}: үзіліс жұмыс уақытының ішінде болуы керек.',
  addressManual: 'Мекенжай ұсыныстары қазір қолжетімсіз — мекенжайды қолмен енгізіңіз, қала сақталады.',
};

const en: Record<OwnerKey, string> = {
  time: 'Time',
  stepMaster: 'Add at least one master',
  stepMasterAction: 'Add a master',
  stepHoursAction: 'Set the schedule',
  stepTelegram: 'Link Telegram to receive new bookings',
  stepTelegramAction: 'Link Telegram',
  master: 'Master',
  scheduleEndBeforeStart: '{day}: the day must end after it starts.',
  scheduleBreakOutside: '{day}: the break must lie within the working hours.',
  addressManual: 'Address suggestions are unavailable — type the address; the city is kept.',
};

export const ownerMessages = defineMessages<OwnerKey>({ ru, kk, en });
export const useOwnerT = (): Translate<OwnerKey> => useShared(ownerMessages);
