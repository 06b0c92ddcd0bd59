/** Texts of the booking links and their QR codes: Russian by default, Kazakh and English (the compiler checks every key is in each). */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  links: 'Ссылка и QR-код',
  page: 'Страница записи',
  miniApp: 'Мини-приложение Telegram',
  qr: 'QR-код ссылки',
  masterHelp: 'Клиент по этой ссылке видит только услуги этого мастера — для Instagram мастера и визитки.',
  serviceHelp: 'Клиент по этой ссылке сразу выбирает время этой услуги — для рекламы и поста об услуге.',
  publicLink: 'Ссылка для записи',
  showQr: 'QR',
  hideQr: 'Скрыть QR-код',
  qrLabel: 'QR-код ссылки для записи',
};

export type ReachKey = keyof typeof ru;

const kk: Record<ReachKey, string> = {
  links: 'Сілтеме және QR-код',
  page: 'Жазылу беті',
  miniApp: 'Telegram мини-қосымшасы',
  qr: 'Сілтеменің QR-коды',
  masterHelp: 'Осы сілтеме бойынша клиент тек осы шебердің қызметтерін көреді — шебердің Instagram-ы мен визиткасы үшін.',
  serviceHelp: 'Осы сілтеме бойынша клиент бірден осы қызметтің уақытын таңдайды — жарнама мен жазба үшін.',
  publicLink: 'Жазылу сілтемесі',
  showQr: 'QR',
  hideQr: 'QR-кодты жасыру',
  qrLabel: 'Жазылу сілтемесінің QR-коды',
};

const en: Record<ReachKey, string> = {
  links: 'Link and QR code',
  page: 'Booking page',
  miniApp: 'Telegram mini app',
  qr: 'QR code of the link',
  masterHelp: 'Clients opening this link see only this specialist’s services: for their Instagram and business card.',
  serviceHelp: 'Clients opening this link go straight to the times of this service: for an ad or a post about it.',
  publicLink: 'Booking link',
  showQr: 'QR',
  hideQr: 'Hide QR code',
  qrLabel: 'QR code of the booking link',
};

export const reachMessages = defineMessages<ReachKey>({ ru, kk, en });
export const useReachT = (): Translate<ReachKey> => useShared(reachMessages);
