/** Texts of a master's own day (CONTRACT.md §16) and of the link that opens it. */
import { defineMessages, useT, type Translate } from '@shared/i18n';

const ru = {
  masterDay: 'Мои записи',
  tomorrow: 'Завтра',
  noBookingsThatDay: 'В этот день записей нет',
  pickDay: 'День',
  masterLoginFailed: 'Ссылка для входа недействительна или уже использована. Отправьте боту /panel ещё раз.',
  readOnly: 'Подтверждать и переносить записи может владелец салона.',
  propose: 'Предложить время',
};

type Key = keyof typeof ru;

const kk: Record<Key, string> = {
  masterDay: 'Менің жазбаларым',
  tomorrow: 'Ертең',
  noBookingsThatDay: 'Бұл күні жазба жоқ',
  pickDay: 'Күн',
  masterLoginFailed: 'Кіру сілтемесі жарамсыз немесе қолданылған. Ботқа /panel қайта жіберіңіз.',
  readOnly: 'Жазбаларды салон иесі растап, ауыстыра алады.',
  propose: 'Уақыт ұсыну',
};

const en: Record<Key, string> = {
  masterDay: 'My bookings',
  tomorrow: 'Tomorrow',
  noBookingsThatDay: 'No bookings that day',
  pickDay: 'Day',
  masterLoginFailed: 'The login link is invalid or already used. Send /panel to the bot again.',
  readOnly: 'The salon owner confirms and moves bookings.',
  propose: 'Propose a time',
};

export const masterPanelMessages = defineMessages<Key>({ ru, kk, en });
export const useMasterPanelT = (): Translate<Key> => useT(masterPanelMessages);
