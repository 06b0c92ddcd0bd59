/**
 * Texts of the readable calendar (master picker, day list), the faster setup (masters in the
 * service form, "На все дни", the salon's week for a master) and the smaller answers of
 * issue #23, kept apart from messages.ts so the files grow independently.
 */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  allMasters: 'Все мастера',
  dayListEmpty: 'Записей нет',
  nextFreeTime: 'Ближайшее свободное время мастера',
  noFreeTime: 'У мастера нет свободного времени в ближайшие две недели — выберите время сами.',
  rescheduleAccepted: 'Клиент принял перенос на {when}',
  rescheduleAcceptedHint: 'Время уже изменено. Заявка всё ещё ждёт вашего подтверждения.',
};
export type SetupKey = keyof typeof ru;

const kk: Record<SetupKey, string> = {
  allMasters: 'Барлық шеберлер',
  dayListEmpty: 'Жазылу жоқ',
  nextFreeTime: 'Шебердің ең жақын бос уақыты',
  noFreeTime: 'Шеберде алдағы екі аптада бос уақыт жоқ — уақытты өзіңіз таңдаңыз.',
  rescheduleAccepted: 'Клиент {when} уақытына ауыстыруды қабылдады',
  rescheduleAcceptedHint: 'Уақыт өзгертілді. Өтініш әлі сіздің растауыңызды күтуде.',
};

const en: Record<SetupKey, string> = {
  allMasters: 'All masters',
  dayListEmpty: 'No bookings',
  nextFreeTime: 'The master’s next free time',
  noFreeTime: 'The master has no free time in the next two weeks — pick a time yourself.',
  rescheduleAccepted: 'The client accepted the move to {when}',
  rescheduleAcceptedHint: 'The time has been changed. The request still waits for your confirmation.',
};

export const setupMessages = defineMessages<SetupKey>({ ru, kk, en });
export const useSetupT = (): Translate<SetupKey> => useShared(setupMessages);
