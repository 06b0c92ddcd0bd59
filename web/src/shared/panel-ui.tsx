/** Widgets shared by the two panels: data loading, fields with API errors, modal, states. */
import type { ComponentChildren } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, type FieldError } from './api';
import { errorText, fieldErrorText } from './error-text';
import { PhoneInput, type PhoneInputProps } from './phone-field';

export { LangSwitch } from './lang-switch';

/** The API's per-field errors of a failed request ({detail, errors:[{field,message}]}). */
export function fieldErrors(error: unknown): FieldError[] {
  return error instanceof ApiError ? error.errors : [];
}

/** The message for one field; `service` also matches `service.name`, `name` also matches `service.name`. */
export function errorFor(error: unknown, field: string): string | undefined {
  const found = fieldErrors(error).find((e) => e.field === field || e.field.endsWith(`.${field}`) || e.field.startsWith(`${field}.`));
  return found && fieldErrorText(found.field);
}

/** The general message of a failed request, unless a named field already shows it. */
export function generalError(error: unknown, shownFields: string[] = []): string | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError)) return errorText(error);
  const named = fieldErrors(error).some((e) => shownFields.some((field) => e.field === field || e.field.endsWith(`.${field}`)));
  return named ? undefined : errorText(error);
}

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  set: (data: T) => void;
}

/** Runs `load` when deps change; the latest call wins. */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true, error: undefined }));
    load(controller.signal).then(
      (data) => !controller.signal.aborted && setState({ data, loading: false }),
      (error) => !controller.signal.aborted && setState({ error, loading: false }),
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  const set = useCallback((data: T) => setState({ data, loading: false }), []);
  return { data: state.data, error: state.error, loading: state.loading, reload, set };
}

/** A submit handler with busy and error state. */
export function useAction<A extends unknown[]>(action: (...args: A) => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const run = async (...args: A): Promise<boolean> => {
    setBusy(true);
    setError(undefined);
    try {
      await action(...args);
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, error, setError };
}

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
        <span id={`${id}-hint`} class="muted" style="font-size:.85rem">
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
export function SaveRow(props: { label: string; savedText: string; busy: boolean; saved: boolean; disabled?: boolean; style?: string }) {
  return (
    <div class="row" style={props.style}>
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

export function ErrorBox({ error }: { error?: string }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}

export function Loading({ text }: { text: string }) {
  return (
    <div class="loading" role="status">
      {text}
    </div>
  );
}

export function Empty({ text }: { text: string }) {
  return <div class="empty">{text}</div>;
}

/** Loading, error and empty states around a list. */
export function ListState<T>(props: {
  loaded: Loaded<T[]>;
  loadingText: string;
  emptyText: string;
  children: (items: T[]) => ComponentChildren;
}) {
  const { data, error, loading } = props.loaded;
  if (error && !data) return <ErrorBox error={generalError(error)} />;
  if (loading && (!data || data.length === 0)) return <Loading text={props.loadingText} />;
  if (!data || data.length === 0) return <Empty text={props.emptyText} />;
  return <>{props.children(data)}</>;
}

/** ListState around the panels' card table: the header cells once, a row per item. */
export function ListTable<T>(props: {
  loaded: Loaded<T[]>;
  loadingText: string;
  emptyText: string;
  head: ComponentChildren;
  children: (items: T[]) => ComponentChildren;
  /** The list asks at most `limit` items (CONTRACT.md §15); a full page says how to reach the rest. */
  cap?: { limit: number; text: string };
}) {
  return (
    <ListState loaded={props.loaded} loadingText={props.loadingText} emptyText={props.emptyText}>
      {(items) => (
        <>
          <div class="table-wrap">
            <table class="table cards">
              <thead>
                <tr>{props.head}</tr>
              </thead>
              <tbody>{props.children(items)}</tbody>
            </table>
          </div>
          {props.cap && items.length >= props.cap.limit && (
            <p class="muted" data-testid="list-capped" role="status">
              {props.cap.text}
            </p>
          )}
        </>
      )}
    </ListState>
  );
}

export function Modal(props: { title: string; onClose: () => void; children: ComponentChildren; closeLabel: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') props.onClose();
      if (event.key !== 'Tab' || !box.current) return;
      const focusable = [...box.current.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input, select, textarea')];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      before?.focus();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div class="modal-back" onClick={(event) => event.target === event.currentTarget && props.onClose()}>
      <div class="modal" role="dialog" aria-modal="true" aria-label={props.title} ref={box}>
        <header>
          <h2>{props.title}</h2>
          <button type="button" class="btn btn-ghost btn-small" onClick={props.onClose} aria-label={props.closeLabel}>
            ✕
          </button>
        </header>
        {props.children}
      </div>
    </div>
  );
}

/** A value that follows `value` after `ms` of quiet (live checks, autocomplete). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** 77011112233 → +7 701 111 22 33 (anything else as it came). */
export function displayPhone(phone: string): string {
  const d = phone.replace(/\D/g, '');
  return d.length === 11 ? `+${d[0]} ${d.slice(1, 4)} ${d.slice(4, 7)} ${d.slice(7, 9)} ${d.slice(9)}` : phone;
}

export function PhoneLink({ phone }: { phone: string }) {
  return <a href={`tel:+${phone.replace(/\D/g, '')}`}>{displayPhone(phone)}</a>;
}
