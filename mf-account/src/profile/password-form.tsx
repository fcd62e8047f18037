import { useState, type SubmitEvent } from 'react';
import { VALIDATION_MESSAGES, passwordMeetsCriteria } from '@portal/shared-contracts/account';
import { updatePassword } from './profile-actions';
import { useAccountDispatch } from '../store/hooks';
import { useProfileSelector } from './profile-state';
import { FormAlert } from '../ui/form-alert';
import { CardHead } from '../ui/card-head';
import { PasswordField } from '../ui/password-field';
import { SubmitButton } from '../ui/submit-button';
import { useFormFields } from '../ui/use-form-fields';

/** product §5's password rules, in its order, for a change from the profile. */
export function validatePasswordChange(current: string, next: string, confirm: string): string | null {
  if ([current, next, confirm].some((value) => value.trim() === '')) return VALIDATION_MESSAGES.passwordFieldsRequired;
  if (next !== confirm) return VALIDATION_MESSAGES.passwordsDoNotMatch;
  if (!passwordMeetsCriteria(next)) return VALIDATION_MESSAGES.passwordCriteria;
  return null;
}

const EMPTY = { old_password: '', new_password: '', confirm_password: '' };

/** Change password through update-password. */
export function PasswordForm() {
  const dispatch = useAccountDispatch();
  const status = useProfileSelector((state) => state.profile.updatePassword);
  const { values, setValues, field } = useFormFields(EMPTY);
  const { old_password: current, new_password: next, confirm_password: confirm } = values;
  const [message, setMessage] = useState<string | null>(null);

  // A change that just succeeded empties the fields (adjusted during render, not in an effect).
  const [seenSuccess, setSeenSuccess] = useState(status.success);
  if (status.success !== seenSuccess) {
    setSeenSuccess(status.success);
    if (status.success) setValues(EMPTY);
  }

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const problem = validatePasswordChange(current, next, confirm);
    setMessage(problem);
    if (!problem) dispatch(updatePassword.pending({ old_password: current, new_password: next }));
  };

  return (
    <form className="acc-card" onSubmit={submit} noValidate aria-labelledby="acc-password-title">
      <CardHead id="acc-password-title" title="Change password" subtitle="Changing it signs you out on your other devices." />
      <div className="acc-stack">
        <PasswordField label="Current password" autoComplete="current-password" {...field('old_password')} />
        <PasswordField label="New password" autoComplete="new-password" checklist {...field('new_password')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" {...field('confirm_password')} />
      </div>
      <FormAlert message={message ?? status.error} />
      <div className="acc-card__actions">
        <SubmitButton busy={status.loading}>Update password</SubmitButton>
      </div>
    </form>
  );
}
