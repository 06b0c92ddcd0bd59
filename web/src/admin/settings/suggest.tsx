/** A text field with suggestions fetched as one types (a combobox: arrows, Enter, Escape); says when they cannot be fetched. */
import { useEffect, useState } from 'preact/hooks';
import { Field, useDebounced } from '@shared/panel-ui';

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

export function Suggest<T>(props: SuggestProps<T>) {
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
