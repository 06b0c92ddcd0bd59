/**
 * The one phone input of the booking page, the mini app and the panel: the
 * pure editing rules of @core/phone-input (any prefix, separators added,
 * the caret kept after its digit) bound to an <input type="tel">.
 */
import { afterInput } from '@core/phone-input.js';

export interface PhoneInputProps {
  value: string;
  name?: string;
  id?: string;
  class?: string;
  placeholder?: string;
  required?: boolean;
  autocomplete?: string;
  'aria-invalid'?: boolean | 'true';
  'aria-describedby'?: string;
  onValue(text: string): void;
}

export function PhoneInput({ value, onValue, ...rest }: PhoneInputProps) {
  return (
    <input
      inputMode="tel"
      autocomplete="tel"
      {...rest}
      type="tel"
      value={value}
      onInput={(event) => {
        const input = event.currentTarget;
        const inputType = (event as unknown as InputEvent).inputType || 'insertFromPaste';
        const next = afterInput(value, input.value, input.selectionStart ?? input.value.length, inputType);
        input.value = next.text;
        if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
        onValue(next.text);
      }}
    />
  );
}
