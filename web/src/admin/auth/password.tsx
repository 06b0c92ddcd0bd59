/**
 * Settings → change password (CONTRACT.md §11). The server ends every earlier
 * token of the owner, this one included, and answers with a new one: the
 * panel keeps working with it, other devices log in again.
 */
import { useState } from 'preact/hooks';
import { ErrorBox, TextField, errorFor, generalError, useAction } from '@shared/panel-ui';
import { client, setToken } from '../common/state';
import { useAuthT } from './messages';
import './auth.css';

const EMPTY = { current: '', next: '', repeat: '' };

interface NewPasswordProps {
  next: string;
  repeat: string;
  onNext: (value: string) => void;
  onRepeat: (value: string) => void;
  error: string | undefined;
  mismatch: boolean;
}

/** The new password and its repetition: changing it in Settings and setting it from a reset link. */
export function NewPasswordFields(props: NewPasswordProps) {
  const ta = useAuthT();
  return (
    <>
      <TextField
        label={ta('newPassword')}
        name="new_password"
        type="password"
        autocomplete="new-password"
        required
        minLength={8}
        hint={ta('passwordHint')}
        value={props.next}
        onValue={props.onNext}
        error={props.error}
      />
      <TextField
        label={ta('repeatPassword')}
        name="repeat_password"
        type="password"
        autocomplete="new-password"
        required
        minLength={8}
        value={props.repeat}
        onValue={props.onRepeat}
        error={props.mismatch ? ta('passwordsDiffer') : undefined}
      />
    </>
  );
}

export function ChangePassword() {
  const ta = useAuthT();
  const [form, setForm] = useState(EMPTY);
  const [mismatch, setMismatch] = useState(false);
  const [changed, setChanged] = useState(false);
  const set = (key: keyof typeof EMPTY) => (value: string) => {
    setChanged(false);
    if (key !== 'current') setMismatch(false);
    setForm((f) => ({ ...f, [key]: value }));
  };
  const action = useAction(async () => {
    const answer = await client.post('/auth/password', { body: { current_password: form.current, new_password: form.next } });
    setToken(answer.access_token);
    setForm(EMPTY);
    setChanged(true);
  });
  // the server's own text is English: the owner sees ours next to the field
  const currentError = errorFor(action.error, 'current_password') ? ta('wrongCurrentPassword') : undefined;
  return (
    <form
      class="card"
      aria-labelledby="password-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (form.next !== form.repeat) return setMismatch(true);
        void action.run();
      }}
    >
      <h2 id="password-title">{ta('changePassword')}</h2>
      <ErrorBox error={generalError(action.error, ['current_password', 'new_password'])} />
      <TextField
        label={ta('currentPassword')}
        name="current_password"
        type="password"
        autocomplete="current-password"
        required
        value={form.current}
        onValue={set('current')}
        error={currentError}
      />
      <div class="grid2">
        <NewPasswordFields
          next={form.next}
          repeat={form.repeat}
          onNext={set('next')}
          onRepeat={set('repeat')}
          error={errorFor(action.error, 'new_password')}
          mismatch={mismatch}
        />
      </div>
      <div class="row">
        <button class="btn" disabled={action.busy}>
          {ta('changePassword')}
        </button>
        {changed && (
          <span role="status" class="notice success password-changed">
            {ta('passwordChanged')}
          </span>
        )}
      </div>
    </form>
  );
}
