/** Texts of the client card and the live panel (waiting requests), apart from messages.ts so the two grow independently. */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  waiting: 'Ожидают подтверждения: {n}',
};
type CardKey = keyof typeof ru;

const kk: Record<CardKey, string> = {
  waiting: 'Растауды күтуде: {n}',
};

const en: Record<CardKey, string> = {
  waiting: 'Waiting for confirmation: {n}',
};

export const cardMessages = defineMessages<CardKey>({ ru, kk, en });
export const useCardT = (): Translate<CardKey> => useShared(cardMessages);
