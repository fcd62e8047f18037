import { useState, type SubmitEvent } from 'react';
import { validateForgotPassword, validateResetPassword, type ModalProps } from 'shared-contracts';
import { resetPassword } from '../auth-actions';
import { useAccountDispatch } from '../../store/hooks';
import { FormAlert } from '../../ui/form-alert';
import { PasswordChecklist } from '../../ui/password-checklist';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { useActionStatus } from './use-action-status';

/** Reset Password: code, new password, retype, checklist; errors also in red text (product §8). */
export function ResetPasswordDialog({ props }: { props: ModalProps }) {
  const dispatch = useAccountDispatch();
  const status = useActionStatus('resetPassword');
  const [email, setEmail] = useState(props.email ?? '');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const problem =
      validateResetPassword({ code, newPassword, confirmPassword }) ?? (props.email ? null : validateForgotPassword(email));
    setMessage(problem);
    if (!problem) dispatch(resetPassword.pending({ email: email.trim(), reset_code: code.trim(), new_password: newPassword }));
  };

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Reset Password">
      {props.email ? null : (
        <TextField label="Email Address" name="email" type="email" autoComplete="email" value={email} onValueChange={setEmail} />
      )}
      <TextField
        label="Verification Code"
        name="reset_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        className="acc-field--code"
        value={code}
        onValueChange={setCode}
      />
      <PasswordField
        label="New Password"
        name="new_password"
        autoComplete="new-password"
        value={newPassword}
        onValueChange={setNewPassword}
        hint={<PasswordChecklist password={newPassword} />}
      />
      <PasswordField
        label="Retype Password"
        name="confirm_password"
        autoComplete="new-password"
        value={confirmPassword}
        onValueChange={setConfirmPassword}
      />
      <FormAlert message={message ?? status.error} />
      <div className="acc-form__actions">
        <SubmitButton busy={status.loading}>Reset Password</SubmitButton>
      </div>
    </form>
  );
}
