/**
 * Интеграции (CONTRACT.md §14): the business's API keys for a CRM, an accounting system or a
 * script. A new key is shown once, with a copy button and a warning; the list never holds a key;
 * revoking asks first, and the key stops working at once.
 */
import { useRef, useState } from 'preact/hooks';
import { Empty, ErrorBox, Loading, TextField, errorFor, generalError, useAction, useLoad } from '@shared/panel-ui';
import { defineMessages, formatDate, useLang, useT, type Translate } from '@shared/i18n';
import type { Answer } from '@shared/client';
import { dateOf, timeOf } from '../common/dates';
import { client } from '../common/state';

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
};
type Key = keyof typeof ru;

const kk: Record<Key, string> = {
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
};

const en: Record<Key, string> = {
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
};

const integrationMessages = defineMessages<Key>({ ru, kk, en });

type KeyRow = Answer<'/api-keys'>[number];
type Created = { name: string; key: string };

function when(value: string, lang: ReturnType<typeof useLang>): string {
  return `${formatDate(dateOf(value), lang, { day: 'numeric', month: 'short', year: 'numeric' })}, ${timeOf(value)}`;
}

/** The new key, once: a read-only field to select, a copy button and the warning that it will not be shown again. */
function NewKey(props: { created: Created; t: Translate<Key>; onDone: () => void }) {
  const { t, created } = props;
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'copied' | 'failed' | null>(null);
  const copyKey = async () => {
    try {
      await navigator.clipboard.writeText(created.key);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  };
  return (
    <div class="card stack" role="alert" data-testid="new-api-key">
      <h2 style="margin:0">{t('createdTitle', { name: created.name })}</h2>
      <p class="notice" style="margin:0">
        {t('createdWarning')}
      </p>
      <label for="new-api-key-value">{t('keyLabel')}</label>
      <div class="row">
        <input
          ref={input}
          id="new-api-key-value"
          class="input"
          style="flex:1;min-width:260px;font-family:monospace"
          readOnly
          value={created.key}
          onFocus={(event) => (event.target as HTMLInputElement).select()}
        />
        <button type="button" class="btn btn-small" onClick={() => void copyKey()}>
          {copy === 'copied' ? t('copied') : t('copy')}
        </button>
      </div>
      {copy === 'failed' && <p class="field-error">{t('copyFailed')}</p>}
      <div>
        <button type="button" class="btn btn-ghost btn-small" onClick={props.onDone}>
          {t('done')}
        </button>
      </div>
    </div>
  );
}

function KeyItem(props: { row: KeyRow; t: Translate<Key>; onRevoked: (row: KeyRow) => void }) {
  const { row, t } = props;
  const lang = useLang();
  const [asking, setAsking] = useState(false);
  const revoke = useAction(async () => {
    await client.del('/api-keys/{id}', { path: { id: row.id } });
    props.onRevoked(row);
  });
  return (
    <tr data-testid="api-key-row">
      <td>
        <strong>{row.name}</strong>
      </td>
      <td data-label={t('created')}>{when(row.created_at, lang)}</td>
      <td data-label={t('lastUsed')}>{row.last_used_at ? when(row.last_used_at, lang) : t('neverUsed')}</td>
      <td>
        {asking ? (
          <div class="notice" role="alert" data-testid="revoke-confirm">
            <p style="margin:0 0 10px">{t('revokeAsk', { name: row.name })}</p>
            <div class="row">
              <button type="button" class="btn btn-small btn-danger" disabled={revoke.busy} onClick={() => void revoke.run()}>
                {t('revokeYes')}
              </button>
              <button type="button" class="btn btn-ghost btn-small" onClick={() => setAsking(false)}>
                {t('cancel')}
              </button>
            </div>
            {revoke.error && <ErrorBox error={generalError(revoke.error)} />}
          </div>
        ) : (
          <button type="button" class="btn btn-ghost btn-small" onClick={() => setAsking(true)}>
            {t('revoke')}
          </button>
        )}
      </td>
    </tr>
  );
}

export function IntegrationsPage() {
  const t = useT(integrationMessages);
  const keys = useLoad((signal) => client.get('/api-keys', { signal }), []);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<Created | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  const create = useAction(async () => {
    const answer = await client.post('/api-keys', { body: { name: name.trim() } });
    setCreated({ name: answer.name, key: answer.key });
    setRevoked(null);
    setName('');
    keys.reload();
  });

  let list;
  if (keys.error && !keys.data) list = <ErrorBox error={generalError(keys.error)} />;
  else if (!keys.data) list = <Loading text={t('loading')} />;
  else if (keys.data.length === 0) list = <Empty text={t('noKeys')} />;
  else
    list = (
      <div class="table-wrap">
        <table class="table cards">
          <thead>
            <tr>
              <th>{t('keyName')}</th>
              <th>{t('created')}</th>
              <th>{t('lastUsed')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {keys.data.map((row) => (
              <KeyItem
                key={row.id}
                row={row}
                t={t}
                onRevoked={(gone) => {
                  setRevoked(gone.name);
                  keys.reload();
                }}
              />
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <div class="stack">
      <div class="topbar">
        <h1>{t('title')}</h1>
      </div>
      <p class="muted">
        {t('intro')}{' '}
        <a href="/api/docs" target="_blank" rel="noopener">
          {t('docs')}
        </a>
      </p>
      {created && <NewKey created={created} t={t} onDone={() => setCreated(null)} />}
      <form
        class="card stack"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run();
        }}
      >
        <h2 style="margin:0">{t('newKey')}</h2>
        <TextField
          label={t('keyName')}
          hint={t('keyNameHint')}
          value={name}
          onValue={setName}
          required
          error={errorFor(create.error, 'name')}
        />
        {generalError(create.error, ['name']) && <ErrorBox error={generalError(create.error, ['name'])} />}
        <div>
          <button class="btn" disabled={create.busy || !name.trim()}>
            {t('create')}
          </button>
        </div>
      </form>
      <h2>{t('keys')}</h2>
      {revoked && (
        <p class="notice success" role="status">
          {t('revoked', { name: revoked })}
        </p>
      )}
      {list}
    </div>
  );
}
