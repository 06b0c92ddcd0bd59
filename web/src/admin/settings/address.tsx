/**
 * City then address through the 2GIS proxy (SPEC.md "Use in the UI"): pick a
 * city and keep its point, then suggest addresses near it. Only the address
 * string leaves this widget, with the city in front when the typed address
 * lacks it; when the provider is down or has no key, both are plain fields
 * and a hint says so.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Answer } from '@shared/client';
import { Field, useDebounced } from '@shared/panel-ui';
import { client } from '../common/state';
import { useT, messages } from '../common/messages';
import { useOwnerT } from '../common/owner-messages';
import { splitCity, withCity } from '../common/rules';

type City = Answer<'/location/cities'>[number];

interface SuggestProps<T> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  fetch: (q: string) => Promise<T[]>;
  text: (item: T) => string;
  onPick: (item: T) => void;
  /** The suggestions could not be fetched (no 2GIS key, provider down). */
  onUnavailable?: () => void;
  error?: string;
  placeholder?: string;
  name: string;
}

function Suggest<T>(props: SuggestProps<T>) {
  const [items, setItems] = useState<T[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [typed, setTyped] = useState(false);
  const q = useDebounced(props.value, 300);
  useEffect(() => {
    if (!typed || q.trim().length < 2) return setItems([]);
    let live = true;
    props.fetch(q).then(
      (found) => live && (setItems(found.slice(0, 8)), setOpen(true), setActive(-1)),
      () => {
        if (!live) return;
        setItems([]);
        props.onUnavailable?.();
      },
    );
    return () => void (live = false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q, typed]);
  const pick = (item: T) => {
    props.onPick(item);
    setOpen(false);
    setTyped(false);
  };
  const listId = `${props.name}-list`;
  return (
    <Field label={props.label} error={props.error}>
      {(id, describedBy) => (
        <div class="suggest">
          <input
            id={id}
            name={props.name}
            class="input"
            role="combobox"
            autocomplete="off"
            aria-autocomplete="list"
            aria-expanded={open && items.length > 0}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={props.error ? 'true' : undefined}
            aria-describedby={describedBy}
            placeholder={props.placeholder}
            value={props.value}
            onInput={(event) => {
              setTyped(true);
              props.onValue((event.target as HTMLInputElement).value);
            }}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={(event) => {
              if (!open || items.length === 0) return;
              if (event.key === 'ArrowDown') setActive((a) => Math.min(items.length - 1, a + 1));
              else if (event.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
              else if (event.key === 'Enter' && active >= 0) pick(items[active]!);
              else if (event.key === 'Escape') setOpen(false);
              else return;
              event.preventDefault();
            }}
          />
          {open && items.length > 0 && (
            <ul id={listId} role="listbox">
              {items.map((item, index) => (
                <li
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  key={index}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    pick(item);
                  }}
                >
                  {props.text(item)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Field>
  );
}

export function AddressInput(props: { value: string; onValue: (address: string) => void; error?: string }) {
  const t = useT(messages);
  const o = useOwnerT();
  const [cityText, setCityText] = useState(() => splitCity(props.value)[0]);
  const [city, setCity] = useState<City | null>(null);
  const [street, setStreet] = useState(() => splitCity(props.value)[1]);
  const [unavailable, setUnavailable] = useState(false);
  // A value set from outside (loaded, saved) replaces what is shown.
  useEffect(() => {
    if (props.value === withCity(cityText, street)) return;
    const [savedCity, savedStreet] = splitCity(props.value);
    setCityText(savedCity);
    setStreet(savedStreet);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.value]);
  const emit = (nextCity: string, nextStreet: string) => props.onValue(withCity(nextCity, nextStreet));
  return (
    <div>
      <div class="grid2">
        <Suggest<City>
          name="city"
          label={s('city')}
          placeholder={s('cityHint')}
          value={cityText}
          onValue={(text) => {
            setCityText(text);
            setCity(null);
            emit(text, street);
          }}
          fetch={(q) => client.get('/location/cities', { query: { q } })}
          text={(c) => c.full_name || c.name}
          onPick={(c) => {
            setCity(c);
            setCityText(c.name);
            emit(c.name, street);
          }}
          onUnavailable={() => setUnavailable(true)}
        />
        <Suggest<Answer<'/location/addresses'>[number]>
          name="address"
          label={t('address')}
          placeholder={city ? s('addressNear', { city: city.name }) : s('addressHint')}
          value={street}
          onValue={(text) => {
            setStreet(text);
            emit(cityText, text);
          }}
          error={props.error}
          fetch={(q) => client.get('/location/addresses', { query: city ? { q, lat: city.point.lat, lon: city.point.lon } : { q } })}
          text={(a) => a.full_name || a.name}
          onPick={(a) => {
            setStreet(a.full_name || a.name);
            emit(cityText, a.full_name || a.name);
          }}
          onUnavailable={() => setUnavailable(true)}
        />
      </div>
      {unavailable && (
        <p class="muted" role="status" data-testid="address-manual" style="margin:-4px 0 12px;font-size:.85rem">
          {s('addressManual')}
        </p>
      )}
    </div>
  );
}
