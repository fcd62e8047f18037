import { useState, type SubmitEvent } from 'react';
import { validateForgotPassword, validateVerificationCode, type ModalProps } from 'shared-contracts';
import { resendVerification, verifyEmail } from '../auth-actions';
import { useAccountDispatch, useAccountSelector } from '../../store/hooks';
import { FormAlert } from '../../ui/form-alert';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { useActionStatus } from './use-action-status';

/** Email Verification: the code from the mail; errors also in red text (product §8). */
export function VerifyEmailDialog({ props }: { props: ModalProps }) {
  const dispatch = useAccountDispatch();
  const status = useActionStatus('verifyEmail');
  const resending = useAccountSelector((state) => state.auth.resendVerification.loading);
  // Opened after a username sign-in, the address is unknown: ask for it.
  const [email, setEmail] = useState(props.email ?? '');
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const emailProblem = () => (props.email ? null : validateForgotPassword(email));

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const problem = validateVerificationCode(code) ?? emailProblem();
    setMessage(problem);
    if (!problem) dispatch(verifyEmail.pending({ email: email.trim(), verification_code: code.trim() }));
  };

  const resend = () => {
    const problem = emailProblem();
    setMessage(problem);
    if (!problem) dispatch(resendVerification.pending({ email: email.trim() }));
  };

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Email Verification">
      {props.email ? null : (
        <TextField label="Email Address" name="email" type="email" autoComplete="email" value={email} onValueChange={setEmail} />
      )}
      <TextField
        label="Verification Code"
        name="verification_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        className="acc-field--code"
        value={code}
        onValueChange={setCode}
      />
      <FormAlert message={message ?? status.error} />
      <div className="acc-form__actions">
        <SubmitButton busy={status.loading}>Verify Email</SubmitButton>
        <p className="acc-form__switch">
          Didn&apos;t get it?{' '}
          <button type="button" className="acc-link-button" onClick={resend} disabled={resending}>
            Resend code
          </button>
        </p>
      </div>
    </form>
  );
}
