/**
 * Texts of the readable calendar (master picker, day list), the faster setup (masters in the
 * service form, "На все дни", the salon's week for a master) and the smaller answers of
 * issue #23, kept apart from messages.ts so the files grow independently.
 */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  serviceMasters: 'Мастера, которые делают услугу',
  noMastersForService: 'Мастеров пока нет — добавьте их в разделе «Мастера».',
  copyToAll: 'На все дни',
  copyToAllLabel: '{day}: те же часы, перерыв и рабочий день на все дни',
  copiedToAll: 'Часы {day} скопированы на все дни — нажмите «Сохранить график».',
  salonWeekCopied: 'График мастера начат с часов салона; измените дни, где он работает иначе.',
  revenueLegend:
    'Считаются подтверждённые и завершённые записи, которые уже начались (за 30 дней); ожидающие, отменённые и отклонённые — нет.',
  scrollHint: 'Листайте график вбок →',
  categorySaved: 'Сохранено',
  categoryUnsaved: 'Название изменено — нажмите «Сохранить»',
};
export type SetupKey = keyof typeof ru;

const kk: Record<SetupKey, string> = {
  serviceMasters: 'Қызметті орындайтын шеберлер',
  noMastersForService: 'Шеберлер әлі жоқ — оларды «Шеберлер» бөлімінде қосыңыз.',
  copyToAll: 'Барлық күнге',
  copyToAllLabel: '{day}: сол сағаттар, үзіліс және жұмыс күні барлық күнге',
  copiedToAll: '{day} сағаттары барлық күнге көшірілді — «Кестені сақтау» басыңыз.',
  salonWeekCopied: 'Шебер кестесі салон сағаттарынан басталды; басқаша жұмыс істейтін күндерді өзгертіңіз.',
  revenueLegend: 'Басталған расталған және аяқталған жазылулар есептеледі (30 күн); күтудегі, бас тартылған және қабылданбағандар — жоқ.',
  scrollHint: 'Графикті жанына қарай жылжытыңыз →',
  categorySaved: 'Сақталды',
  categoryUnsaved: 'Атауы өзгерді — «Сақтау» басыңыз',
};

const en: Record<SetupKey, string> = {
  serviceMasters: 'Masters who do this service',
  noMastersForService: 'No masters yet — add them under “Masters”.',
  copyToAll: 'To all days',
  copyToAllLabel: '{day}: the same hours, break and working day on every day',
  copiedToAll: '{day}’s hours copied to every day — press “Save schedule”.',
  salonWeekCopied: 'The master’s week starts from the salon’s hours; change the days they work differently.',
  revenueLegend: 'Counts confirmed and completed bookings that have started (30 days); pending, cancelled and declined ones do not count.',
  scrollHint: 'Scroll the chart sideways →',
  categorySaved: 'Saved',
  categoryUnsaved: 'Name changed — press “Save”',
};

export const setupMessages = defineMessages<SetupKey>({ ru, kk, en });
export const useSetupT = (): Translate<SetupKey> => useShared(setupMessages);
