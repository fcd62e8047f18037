import { TextField } from '../../ui/text-field';
import type { FieldBinding } from '../../ui/use-form-fields';

/** The account's email address, as the forgot-password, verify and reset dialogs ask for it. */
export function EmailField(binding: FieldBinding) {
  return <TextField label="Email Address" type="email" autoComplete="email" {...binding} />;
}

/** The one-time code from a verification or reset mail. */
export function CodeField(binding: FieldBinding) {
  return (
    <TextField
      label="Verification Code"
      inputMode="numeric"
      autoComplete="one-time-code"
      className="acc-field--code"
      {...binding}
    />
  );
}
