/** Texts of the booking links and their QR codes: Russian by default, Kazakh and English (the compiler checks every key is in each). */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  publicLink: 'Ссылка для записи',
  showQr: 'QR',
  hideQr: 'Скрыть QR-код',
  qrLabel: 'QR-код ссылки для записи',
};

export type ReachKey = keyof typeof ru;

const kk: Record<ReachKey, string> = {
  publicLink: 'Жазылу сілтемесі',
  showQr: 'QR',
  hideQr: 'QR-кодты жасыру',
  qrLabel: 'Жазылу сілтемесінің QR-коды',
};

const en: Record<ReachKey, string> = {
  publicLink: 'Booking link',
  showQr: 'QR',
  hideQr: 'Hide QR code',
  qrLabel: 'QR code of the booking link',
};

export const reachMessages = defineMessages<ReachKey>({ ru, kk, en });
export const useReachT = (): Translate<ReachKey> => useShared(reachMessages);
