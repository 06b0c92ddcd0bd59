/** Texts of the overview screen (bookings per day, revenue by master): Russian by default, Kazakh and English (the compiler checks every key is in each). */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  bookingsPerDay: 'Записи по дням',
  bookingsPerDayHelp: '30 дней назад и 30 дней вперёд, без отменённых; ▲ — сегодня.',
  noRevenue: 'Завершённых записей пока нет',
  revenueByMaster: 'Выручка по мастерам',
  revenueHelp: 'Сумма цен записей за последние 30 дней. Всего:',
  revenueLegend:
    'Считаются подтверждённые и завершённые записи, которые уже начались (за 30 дней); ожидающие, отменённые и отклонённые — нет.',
  scrollHint: 'Листайте график вбок →',
};

export type OverviewKey = keyof typeof ru;

const kk: Record<OverviewKey, string> = {
  bookingsPerDay: 'Күндер бойынша жазылулар',
  bookingsPerDayHelp: '30 күн бұрын және 30 күн алға, бас тартылғандарсыз; ▲ — бүгін.',
  noRevenue: 'Аяқталған жазылу әзірге жоқ',
  revenueByMaster: 'Шеберлер бойынша түсім',
  revenueHelp: 'Соңғы 30 күндегі жазылулар бағаларының сомасы. Барлығы:',
  revenueLegend: 'Басталған расталған және аяқталған жазылулар есептеледі (30 күн); күтудегі, бас тартылған және қабылданбағандар — жоқ.',
  scrollHint: 'Графикті жанына қарай жылжытыңыз →',
};

const en: Record<OverviewKey, string> = {
  bookingsPerDay: 'Bookings per day',
  bookingsPerDayHelp: 'The last and the next 30 days, without cancelled ones; ▲ is today.',
  noRevenue: 'No completed bookings yet',
  revenueByMaster: 'Revenue per master',
  revenueHelp: 'Sum of the booking prices over the last 30 days. Total:',
  revenueLegend: 'Counts confirmed and completed bookings that have started (30 days); pending, cancelled and declined ones do not count.',
  scrollHint: 'Scroll the chart sideways →',
};

export const overviewMessages = defineMessages<OverviewKey>({ ru, kk, en });
export const useOverviewT = (): Translate<OverviewKey> => useShared(overviewMessages);
