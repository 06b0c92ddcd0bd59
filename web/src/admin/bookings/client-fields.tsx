/** The new-booking form's client: a returning one found by phone or name among the salon's clients (GET /clients?q=), or a new one typed in. */
import { useState } from 'preact/hooks';
import { formatPhoneInput } from '@core/phone-input.js';
import { PhoneField, TextField, displayPhone, useDebounced, useLoad } from '@shared/panel-ui';
import { client } from '../common/state';
import { useBookingsT } from './messages';

function ClientSearch(props: { onPick: (name: string, phone: string) => void }) {
  const tb = useBookingsT();
  const [q, setQ] = useState('');
  const query = useDebounced(q.trim(), 250);
  const found = useLoad(
    (signal) => (query.length < 2 ? Promise.resolve([]) : client.get('/clients', { query: { q: query, limit: 8 }, signal })),
    [query],
  );
  return (
    <div class="field">
      <label for="client-find">
        <span class="muted">{tb('clientSearch')}</span>
      </label>
      <input
        id="client-find"
        type="search"
        class="input"
        autocomplete="off"
        value={q}
        onInput={(e) => setQ((e.target as HTMLInputElement).value)}
        aria-describedby="client-find-hint"
      />
      <span id="client-find-hint" class="muted field-hint">
        {tb('clientSearchHint')}
      </span>
      {(found.data ?? []).length > 0 && (
        <div class="chips found-clients" role="group" aria-label={tb('clientsFound')}>
          {found.data!.map((c) => (
            <button type="button" class="chip" key={c.id} onClick={() => (props.onPick(c.first_name, c.phone), setQ(''))}>
              {c.first_name} · {displayPhone(c.phone)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export function ClientFields(props: {
  firstName: string;
  phone: string;
  onFirstName: (name: string) => void;
  onPhone: (phone: string) => void;
  errors: { firstName?: string; phone?: string };
}) {
  const tb = useBookingsT();
  return (
    <>
      <ClientSearch onPick={(name, number) => (props.onFirstName(name), props.onPhone(formatPhoneInput(`+${number}`)))} />
      <div class="grid2">
        <TextField
          label={tb('firstName')}
          name="first_name"
          required
          value={props.firstName}
          onValue={props.onFirstName}
          error={props.errors.firstName}
        />
        <PhoneField
          label={tb('clientPhone')}
          name="phone"
          required
          autocomplete="off"
          placeholder="+7 (7__) ___-__-__"
          value={props.phone}
          onValue={props.onPhone}
          error={props.errors.phone}
        />
      </div>
    </>
  );
}
