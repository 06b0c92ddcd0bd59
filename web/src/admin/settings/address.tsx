/**
 * City then address through the 2GIS proxy (SPEC.md "Use in the UI"): pick a
 * city and keep its point, then suggest addresses near it. Only the address
 * string leaves this widget, with the city in front when the typed address
 * lacks it; when the provider is down or has no key, both are plain fields
 * and a hint says so.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Answer } from '@shared/client';
import { client } from '../common/state';
import { useT, messages } from '../common/messages';
import { splitCity, withCity } from '../common/rules';
import { useSettingsT } from './messages';
import { Suggest } from './suggest';

type City = Answer<'/location/cities'>[number];

export function AddressInput(props: { value: string; onValue: (address: string) => void; error?: string }) {
  const t = useT(messages);
  const s = useSettingsT();
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
        <p class="muted address-manual" role="status" data-testid="address-manual">
          {s('addressManual')}
        </p>
      )}
    </div>
  );
}
