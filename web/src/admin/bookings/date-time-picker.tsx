/**
 * The one date-and-time picker of a booking: a new booking's date and time, a move's and a
 * proposal's new date and time (those two in a booking's detail, small and in one row, with
 * the master's free times under it, free-times.tsx). Times go by 5 minutes.
 */
import type { ComponentChildren } from 'preact';
import { Field } from '@shared/panel-ui';

export interface DateTimePickerProps {
  /** The inputs' form names (what the tests and the browser's autofill see). */
  names: { date: string; time: string };
  labels: { date: string; time: string };
  date: string;
  time: string;
  onDate: (date: string) => void;
  onTime: (time: string) => void;
  errors?: { date?: string; time?: string };
  /** Small inputs in one row (a booking's detail); else half a row each (the new-booking form). */
  inline?: boolean;
  /** Fields between the date and the time (the move's master). */
  children?: ComponentChildren;
}

export function DateTimePicker(props: DateTimePickerProps) {
  const input = props.inline ? 'input small' : 'input';
  const field = (kind: 'date' | 'time', onValue: (value: string) => void) => {
    const error = props.errors?.[kind];
    return (
      <Field label={props.labels[kind]} error={error}>
        {(id, describedBy) => (
          <input
            id={id}
            class={input}
            type={kind}
            name={props.names[kind]}
            step={kind === 'time' ? 300 : undefined}
            required
            value={props[kind]}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={describedBy}
            onInput={(event) => onValue((event.target as HTMLInputElement).value)}
          />
        )}
      </Field>
    );
  };
  return (
    <div class={props.inline ? 'row date-time inline' : 'grid2 date-time'}>
      {field('date', props.onDate)}
      {props.children}
      {field('time', props.onTime)}
    </div>
  );
}
