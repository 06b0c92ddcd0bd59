/** Texts of the integrations screen (export, API keys): Russian by default, Kazakh and English (the compiler checks every key is in each). */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  exportCsv: 'Скачать CSV',
  exportXlsx: 'Скачать Excel',
  exporting: 'Готовим файл…',
  exportBookingsLabel: 'Выгрузить записи за выбранные даты',
  exportClientsLabel: 'Выгрузить клиентов',
};

export type IntegrationsKey = keyof typeof ru;

const kk: Record<IntegrationsKey, string> = {
  exportCsv: 'CSV жүктеу',
  exportXlsx: 'Excel жүктеу',
  exporting: 'Файл дайындалуда…',
  exportBookingsLabel: 'Таңдалған күндердің жазбаларын жүктеу',
  exportClientsLabel: 'Клиенттерді жүктеу',
};

const en: Record<IntegrationsKey, string> = {
  exportCsv: 'Download CSV',
  exportXlsx: 'Download Excel',
  exporting: 'Preparing the file…',
  exportBookingsLabel: 'Download the bookings of the chosen dates',
  exportClientsLabel: 'Download clients',
};

export const integrationsMessages = defineMessages<IntegrationsKey>({ ru, kk, en });
export const useIntegrationsT = (): Translate<IntegrationsKey> => useShared(integrationsMessages);
