/**
 * Texts of the readable calendar (master picker, day list), the faster setup (masters in the
 * service form, "На все дни", the salon's week for a master) and the smaller answers of
 * issue #23, kept apart from messages.ts so the files grow independently.
 */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  allMasters: 'Все мастера',
  dayListEmpty: 'Записей нет',
  serviceMasters: 'Мастера, которые делают услугу',
  noMastersForService: 'Мастеров пока нет — добавьте их в разделе «Мастера».',
  copyToAll: 'На все дни',
  copyToAllLabel: '{day}: те же часы, перерыв и рабочий день на все дни',
  copiedToAll: 'Часы {day} скопированы на все дни — нажмите «Сохранить график».',
  salonWeekCopied: 'График мастера начат с часов салона; измените дни, где он работает иначе.',
  nextFreeTime: 'Ближайшее свободное время мастера',
  noFreeTime: 'У мастера нет свободного времени в ближайшие две недели — выберите время сами.',
  revenueLegend:
    'Считаются подтверждённые и завершённые записи, которые уже начались (за 30 дней); ожидающие, отменённые и отклонённые — нет.',
  scrollHint: 'Листайте график вбок →',
  rescheduleAccepted: 'Клиент принял перенос на {when}',
  rescheduleAcceptedHint: 'Время уже изменено. Заявка всё ещё ждёт вашего подтверждения.',
  categorySaved: 'Сохранено',
  categoryUnsaved: 'Название изменено — нажмите «Сохранить»',
};
export type SetupKey = keyof typeof ru;

const kk: Record<SetupKey, string> = {
  allMasters: 'Барлық шеберлер',
  dayListEmpty: 'Жазылу жоқ',
  serviceMasters: 'Қызметті орындайтын шеберлер',
  noMastersForService: 'Шеберлер әлі жоқ — оларды «Шеберлер» бөлімінде қосыңыз.',
  copyToAll: 'Барлық күнге',
  copyToAllLabel: '{day}: сол сағаттар, үзіліс және жұмыс күні барлық күнге',
  copiedToAll: '{day} сағаттары барлық күнге көшірілді — «Кестені сақтау» басыңыз.',
  salonWeekCopied: 'Шебер кестесі салон сағаттарынан басталды; басқаша жұмыс істейтін күндерді өзгертіңіз.',
  nextFreeTime: 'Шебердің ең жақын бос уақыты',
  noFreeTime: 'Шеберде алдағы екі аптада бос уақыт жоқ — уақытты өзіңіз таңдаңыз.',
  revenueLegend: 'Басталған расталған және аяқталған жазылулар есептеледі (30 күн); күтудегі, бас тартылған және қабылданбағандар — жоқ.',
  scrollHint: 'Графикті жанына қарай жылжытыңыз →',
  rescheduleAccepted: 'Клиент {when} уақытына ауыстыруды қабылдады',
  rescheduleAcceptedHint: 'Уақыт өзгертілді. Өтініш әлі сіздің растауыңызды күтуде.',
  categorySaved: 'Сақталды',
  categoryUnsaved: 'Атауы өзгерді — «Сақтау» басыңыз',
};

const en: Record<SetupKey, string> = {
  allMasters: 'All masters',
  dayListEmpty: 'No bookings',
  serviceMasters: 'Masters who do this service',
  noMastersForService: 'No masters yet — add them under “Masters”.',
  copyToAll: 'To all days',
  copyToAllLabel: '{day}: the same hours, break and working day on every day',
  copiedToAll: '{day}’s hours copied to every day — press “Save schedule”.',
  salonWeekCopied: 'The master’s week starts from the salon’s hours; change the days they work differently.',
  nextFreeTime: 'The master’s next free time',
  noFreeTime: 'The master has no free time in the next two weeks — pick a time yourself.',
  revenueLegend: 'Counts confirmed and completed bookings that have started (30 days); pending, cancelled and declined ones do not count.',
  scrollHint: 'Scroll the chart sideways →',
  rescheduleAccepted: 'The client accepted the move to {when}',
  rescheduleAcceptedHint: 'The time has been changed. The request still waits for your confirmation.',
  categorySaved: 'Saved',
  categoryUnsaved: 'Name changed — press “Save”',
};

export const setupMessages = defineMessages<SetupKey>({ ru, kk, en });
export const useSetupT = (): Translate<SetupKey> => useShared(setupMessages);
