/** The panels' form pieces: a labelled field with its error or hint, text and phone inputs, the save row. */
import type { ComponentChildren } from 'preact';
import { useRef } from 'preact/hooks';
import { PhoneInput, type PhoneInputProps } from './phone-field';

let fieldIds = 0;

export function Field(props: {
  label: string;
  error?: string;
  hint?: string;
  children: (id: string, describedBy?: string) => ComponentChildren;
}) {
  const id = useRef(`f${++fieldIds}`).current;
  const describedBy = props.error ? `${id}-err` : props.hint ? `${id}-hint` : undefined;
  return (
    <div class="field">
      <label for={id}>
        <span class="muted">{props.label}</span>
      </label>
      {props.children(id, describedBy)}
      {props.error ? (
        <span id={`${id}-err`} class="field-error" role="alert">
          {props.error}
        </span>
      ) : props.hint ? (
        <span id={`${id}-hint`} class="muted field-hint">
          {props.hint}
        </span>
      ) : null}
    </div>
  );
}

interface InputProps {
  label: string;
  value: string | number;
  onValue: (value: string) => void;
  error?: string;
  hint?: string;
  name?: string;
  type?: string;
  required?: boolean;
  autocomplete?: string;
  placeholder?: string;
  min?: number;
  step?: number | string;
  minLength?: number;
}

export function TextField({ label, value, onValue, error, hint, ...rest }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <input
          {...(rest as Record<string, unknown>)}
          id={id}
          class="input"
          value={value}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy}
          onInput={(event) => onValue((event.target as HTMLInputElement).value)}
        />
      )}
    </Field>
  );
}

/** The phone field of the panel's forms: the booking page's PhoneInput in a labelled Field. */
export function PhoneField({ label, error, hint, ...input }: PhoneInputProps & { label: string; error?: string; hint?: string }) {
  return (
    <Field label={label} error={error} hint={hint}>
      {(id, describedBy) => (
        <PhoneInput {...input} id={id} class="input" aria-invalid={error ? 'true' : undefined} aria-describedby={describedBy} />
      )}
    </Field>
  );
}

/** A form's submit button with the "saved" notice that follows a successful save. */
export function SaveRow(props: { label: string; savedText: string; busy: boolean; saved: boolean; disabled?: boolean }) {
  return (
    <div class="row">
      <button class="btn" disabled={props.busy || props.disabled}>
        {props.label}
      </button>
      {props.saved && (
        <span role="status" class="muted">
          {props.savedText}
        </span>
      )}
    </div>
  );
}
