/** Texts of the panel's shell (app.tsx, shell.tsx) that no page uses: the phone menu, the waiting badge. */
import { defineMessages, useT, type Translate } from '@shared/i18n';

const ru = {
  navMenu: 'Меню',
  closeMenu: 'Закрыть меню',
  waiting: 'Ожидают подтверждения: {n}',
};

type Key = keyof typeof ru;

const kk: Record<Key, string> = {
  navMenu: 'Мәзір',
  closeMenu: 'Мәзірді жабу',
  waiting: 'Растауды күтуде: {n}',
};

const en: Record<Key, string> = {
  navMenu: 'Menu',
  closeMenu: 'Close menu',
  waiting: 'Waiting for confirmation: {n}',
};

export const shellMessages = defineMessages<Key>({ ru, kk, en });
export const useShellT = (): Translate<Key> => useT(shellMessages);
