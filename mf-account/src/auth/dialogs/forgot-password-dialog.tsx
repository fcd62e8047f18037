import { useState, type SubmitEvent } from 'react';
import { PAGE_TEXT } from '@portal/shared-contracts';
import { MODAL_KINDS, validateForgotPassword, type ModalProps } from '@portal/shared-contracts/account';
import { forgotPassword } from '../auth-actions';
import { useAccountDispatch } from '../../store/hooks';
import { modalOpened } from '../modal-slice';
import { FormAlert } from '../../ui/form-alert';
import { FormSwitch } from '../../ui/form-switch';
import { SubmitButton } from '../../ui/submit-button';
import { useFormFields } from '../../ui/use-form-fields';
import { EmailField } from './code-fields';
import { useActionStatus } from './use-action-status';

export function ForgotPasswordDialog({ props }: { props: ModalProps }) {
  const dispatch = useAccountDispatch();
  const status = useActionStatus('forgotPassword');
  const { values, field } = useFormFields({ email: props.email ?? '' });
  const { email } = values;
  const [message, setMessage] = useState<string | null>(null);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const problem = validateForgotPassword(email);
    setMessage(problem);
    if (!problem) dispatch(forgotPassword.pending({ email: email.trim() }));
  };

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label="Forgot Your Password">
      <EmailField {...field('email')} />
      <FormAlert message={message} />
      <div className="acc-form__actions">
        <SubmitButton busy={status.loading}>Submit</SubmitButton>
        <FormSwitch
          prompt="Remembered it?"
          onClick={() => dispatch(modalOpened({ kind: MODAL_KINDS.signIn, props: { email: email.trim() || undefined } }))}
        >
          {PAGE_TEXT.signIn}
        </FormSwitch>
      </div>
    </form>
  );
}
