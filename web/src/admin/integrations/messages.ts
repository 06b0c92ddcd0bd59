/** Texts of the integrations screen (API keys) and the export buttons: Russian by default, Kazakh and English (the compiler checks every key is in each). */
import { defineMessages, useT as useShared, type Translate } from '@shared/i18n';

const ru = {
  title: 'Интеграции',
  intro:
    'API-ключ даёт CRM, бухгалтерии или вашему скрипту доступ к записям, клиентам и каталогу салона без вашего пароля. ' +
    'Ключ не открывает настройки входа, Telegram и сами ключи.',
  docs: 'Описание API',
  newKey: 'Новый ключ',
  keyName: 'Название ключа',
  keyNameHint: 'Например: «CRM» или «Google Таблица»',
  create: 'Создать ключ',
  createdTitle: 'Ключ «{name}» создан',
  createdWarning: 'Скопируйте ключ сейчас: он показывается только один раз. Потом увидеть его нельзя — только отозвать и создать новый.',
  keyLabel: 'API-ключ',
  copy: 'Скопировать',
  copied: 'Скопировано',
  copyFailed: 'Не удалось скопировать: выделите ключ и скопируйте вручную',
  done: 'Я сохранил ключ',
  keys: 'Ключи',
  noKeys: 'Ключей пока нет.',
  loading: 'Загрузка…',
  created: 'Создан',
  lastUsed: 'Последнее использование',
  neverUsed: 'не использовался',
  revoke: 'Отозвать',
  revokeAsk: 'Отозвать ключ «{name}»? Интеграции с этим ключом сразу перестанут работать.',
  revokeYes: 'Да, отозвать',
  cancel: 'Отмена',
  revoked: 'Ключ «{name}» отозван.',
  exportCsv: 'Скачать CSV',
  exportXlsx: 'Скачать Excel',
  exporting: 'Готовим файл…',
  exportBookingsLabel: 'Выгрузить записи за выбранные даты',
  exportClientsLabel: 'Выгрузить клиентов',
};

export type IntegrationsKey = keyof typeof ru;

const kk: Record<IntegrationsKey, string> = {
  title: 'Интеграциялар',
  intro:
    'API кілті CRM-ге, бухгалтерияға немесе сіздің скриптіңізге құпиясөзсіз салонның жазылуларына, клиенттеріне және каталогына қол жеткізуге мүмкіндік береді. ' +
    'Кілт кіру баптауларын, Telegram-ды және кілттердің өзін ашпайды.',
  docs: 'API сипаттамасы',
  newKey: 'Жаңа кілт',
  keyName: 'Кілт атауы',
  keyNameHint: 'Мысалы: «CRM» немесе «Google кестесі»',
  create: 'Кілт жасау',
  createdTitle: '«{name}» кілті жасалды',
  createdWarning:
    'Кілтті қазір көшіріп алыңыз: ол тек бір рет көрсетіледі. Кейін оны көру мүмкін емес — тек кері қайтарып, жаңасын жасауға болады.',
  keyLabel: 'API кілті',
  copy: 'Көшіру',
  copied: 'Көшірілді',
  copyFailed: 'Көшіру мүмкін болмады: кілтті белгілеп, қолмен көшіріңіз',
  done: 'Кілтті сақтадым',
  keys: 'Кілттер',
  noKeys: 'Әзірге кілт жоқ.',
  loading: 'Жүктелуде…',
  created: 'Жасалған',
  lastUsed: 'Соңғы қолданылуы',
  neverUsed: 'қолданылмаған',
  revoke: 'Кері қайтару',
  revokeAsk: '«{name}» кілтін кері қайтарасыз ба? Осы кілтпен жұмыс істейтін интеграциялар бірден тоқтайды.',
  revokeYes: 'Иә, кері қайтару',
  cancel: 'Болдырмау',
  revoked: '«{name}» кілті кері қайтарылды.',
  exportCsv: 'CSV жүктеу',
  exportXlsx: 'Excel жүктеу',
  exporting: 'Файл дайындалуда…',
  exportBookingsLabel: 'Таңдалған күндердің жазбаларын жүктеу',
  exportClientsLabel: 'Клиенттерді жүктеу',
};

const en: Record<IntegrationsKey, string> = {
  title: 'Integrations',
  intro:
    'An API key lets a CRM, your accounting or a script of yours reach the bookings, clients and catalogue without your password. ' +
    'A key cannot open the login settings, Telegram or the keys themselves.',
  docs: 'API reference',
  newKey: 'New key',
  keyName: 'Key name',
  keyNameHint: 'For example "CRM" or "Google Sheet"',
  create: 'Create key',
  createdTitle: 'Key "{name}" created',
  createdWarning: 'Copy the key now: it is shown only once. Later it cannot be seen again, only revoked and replaced.',
  keyLabel: 'API key',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy: select the key and copy it by hand',
  done: 'I have saved the key',
  keys: 'Keys',
  noKeys: 'No keys yet.',
  loading: 'Loading…',
  created: 'Created',
  lastUsed: 'Last used',
  neverUsed: 'never used',
  revoke: 'Revoke',
  revokeAsk: 'Revoke the key "{name}"? Integrations using it stop working at once.',
  revokeYes: 'Yes, revoke',
  cancel: 'Cancel',
  revoked: 'Key "{name}" revoked.',
  exportCsv: 'Download CSV',
  exportXlsx: 'Download Excel',
  exporting: 'Preparing the file…',
  exportBookingsLabel: 'Download the bookings of the chosen dates',
  exportClientsLabel: 'Download clients',
};

export const integrationsMessages = defineMessages<IntegrationsKey>({ ru, kk, en });
export const useIntegrationsT = (): Translate<IntegrationsKey> => useShared(integrationsMessages);
