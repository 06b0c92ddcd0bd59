/**
 * Texts of a salon's first week (issue #35): the setup card that says only what is true and folds away,
 * the link made from the name, the public link and its QR code on top of the panel. Apart from
 * owner-messages.ts so the files grow independently.
 */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  movedNow: 'Запись перенесена:',
  noProposalsAfterMove: 'Клиенту другое время не предлагали — вы перенесли запись сами.',
  bookingNotes: 'Комментарий к записи',
};
export type FirstWeekKey = keyof typeof ru;

const kk: Record<FirstWeekKey, string> = {
  movedNow: 'Жазылу ауыстырылды:',
  noProposalsAfterMove: 'Клиентке басқа уақыт ұсынылмады — жазылуды өзіңіз ауыстырдыңыз.',
  bookingNotes: 'Жазылуға түсініктеме',
};

const en: Record<FirstWeekKey, string> = {
  movedNow: 'Booking moved:',
  noProposalsAfterMove: 'No other time was proposed to the client — you moved the booking yourself.',
  bookingNotes: 'Comment on the booking',
};

export const firstWeekMessages = defineMessages<FirstWeekKey>({ ru, kk, en });
export const useFirstWeekT = (): Translate<FirstWeekKey> => useShared(firstWeekMessages);
