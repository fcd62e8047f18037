import { useState, type SubmitEvent } from 'react';
import { VALIDATION_MESSAGES, passwordMeetsCriteria } from 'shared-contracts';
import { updatePassword } from './profile-actions';
import { useAccountDispatch, useAccountSelector } from '../store/hooks';
import { FormAlert } from '../ui/form-alert';
import { PasswordChecklist } from '../ui/password-checklist';
import { PasswordField } from '../ui/password-field';
import { SubmitButton } from '../ui/submit-button';

/** product §5's password rules, in its order, for a change from the profile. */
export function validatePasswordChange(current: string, next: string, confirm: string): string | null {
  if ([current, next, confirm].some((value) => value.trim() === '')) return VALIDATION_MESSAGES.passwordFieldsRequired;
  if (next !== confirm) return VALIDATION_MESSAGES.passwordsDoNotMatch;
  if (!passwordMeetsCriteria(next)) return VALIDATION_MESSAGES.passwordCriteria;
  return null;
}

/** Change password through update-password. */
export function PasswordForm() {
  const dispatch = useAccountDispatch();
  const status = useAccountSelector((state) => state.profile.updatePassword);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  // A change that just succeeded empties the fields (adjusted during render, not in an effect).
  const [seenSuccess, setSeenSuccess] = useState(status.success);
  if (status.success !== seenSuccess) {
    setSeenSuccess(status.success);
    if (status.success) {
      setCurrent('');
      setNext('');
      setConfirm('');
    }
  }

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const problem = validatePasswordChange(current, next, confirm);
    setMessage(problem);
    if (!problem) dispatch(updatePassword.pending({ old_password: current, new_password: next }));
  };

  return (
    <form className="acc-card" onSubmit={submit} noValidate aria-labelledby="acc-password-title">
      <div className="acc-card__head">
        <h2 className="acc-card__title" id="acc-password-title">
          Change password
        </h2>
        <p className="acc-card__subtitle">Changing it signs you out on your other devices.</p>
      </div>
      <div className="acc-stack">
        <PasswordField
          label="Current password"
          name="old_password"
          autoComplete="current-password"
          value={current}
          onValueChange={setCurrent}
        />
        <PasswordField
          label="New password"
          name="new_password"
          autoComplete="new-password"
          value={next}
          onValueChange={setNext}
          hint={<PasswordChecklist password={next} />}
        />
        <PasswordField
          label="Confirm new password"
          name="confirm_password"
          autoComplete="new-password"
          value={confirm}
          onValueChange={setConfirm}
        />
      </div>
      <FormAlert message={message ?? status.error} />
      <div className="acc-card__actions">
        <SubmitButton busy={status.loading}>Update password</SubmitButton>
      </div>
    </form>
  );
}
