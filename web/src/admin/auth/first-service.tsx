/** Registration's "Первая услуга" box: name, duration and price of the service the salon starts with. */
import { TextField } from '@shared/panel-ui';
import { useT, messages } from '../common/messages';
import { useAuthT } from './messages';
import type { RegisterForm } from './register-body';

export function FirstService(props: {
  form: RegisterForm;
  set: (key: keyof RegisterForm) => (value: string) => void;
  err: (field: string) => string | undefined;
}) {
  const t = useT(messages);
  const ta = useAuthT();
  const { form, set, err } = props;
  return (
    <fieldset class="first-service">
      <legend class="muted">{ta('firstService')}</legend>
      <TextField
        label={t('serviceName')}
        name="service_name"
        placeholder={ta('serviceDefault')}
        value={form.service}
        onValue={set('service')}
        error={err('service.name')}
      />
      <div class="grid2">
        <TextField
          label={t('durationMin')}
          name="service_duration"
          type="number"
          min={1}
          value={form.duration}
          onValue={set('duration')}
          error={err('service.duration')}
        />
        <TextField
          label={t('priceKzt')}
          name="service_price"
          type="number"
          min={0}
          value={form.price}
          onValue={set('price')}
          error={err('service.price')}
        />
      </div>
    </fieldset>
  );
}
