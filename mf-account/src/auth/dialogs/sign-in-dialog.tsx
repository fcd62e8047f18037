import { useRef, useState, type SubmitEvent } from 'react';
import { PAGE_TEXT } from '@portal/shared-contracts';
import { MODAL_KINDS, isValidEmail, validateSignIn, type ModalProps } from '@portal/shared-contracts/account';
import { signin, useSigninStatus } from '../../session';
import { useAccountConfig } from '../../ui/account-config';
import { useAccountDispatch } from '../../store/hooks';
import { modalOpened } from '../modal-slice';
import { CaptchaField, type CaptchaHandle } from '../../ui/captcha-field';
import { FormAlert } from '../../ui/form-alert';
import { FormSwitch } from '../../ui/form-switch';
import { PasswordField } from '../../ui/password-field';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { useFormFields } from '../../ui/use-form-fields';
import { useCaptchaResetOnFailure } from './use-captcha-reset-on-failure';

export function SignInDialog({ props }: { props: ModalProps }) {
  const dispatch = useAccountDispatch();
  const { recaptchaSiteKey } = useAccountConfig();
  const status = useSigninStatus();
  const captcha = useRef<CaptchaHandle>(null);
  const { values, field } = useFormFields({ username: props.email ?? '', password: '' });
  const { username: identifier, password } = values;
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useCaptchaResetOnFailure(captcha, status.error);

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const problem = validateSignIn({ identifier, password, captchaToken });
    setMessage(problem);
    if (problem || !captchaToken) return;
    dispatch(signin.pending({ username: identifier.trim(), password, captcha_token: captchaToken }));
  };

  const emailHint = isValidEmail(identifier) ? identifier.trim() : undefined;

  return (
    <form className="acc-form" onSubmit={submit} noValidate aria-label={PAGE_TEXT.signIn}>
      <TextField label="Email / User ID" autoComplete="username" autoCapitalize="off" spellCheck={false} {...field('username')} />
      <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
      <div className="acc-form__aside">
        <a
          href="#forgot-password"
          className="acc-link"
          onClick={(event) => {
            event.preventDefault();
            dispatch(modalOpened({ kind: MODAL_KINDS.forgotPassword, props: { email: emailHint } }));
          }}
        >
          Forgot Password?
        </a>
      </div>
      <CaptchaField ref={captcha} siteKey={recaptchaSiteKey} onToken={setCaptchaToken} />
      <FormAlert message={message} />
      <div className="acc-form__actions">
        <SubmitButton busy={status.loading}>{PAGE_TEXT.signIn}</SubmitButton>
        <FormSwitch prompt="New here?" onClick={() => dispatch(modalOpened({ kind: MODAL_KINDS.signUp }))}>
          {PAGE_TEXT.signUp}
        </FormSwitch>
      </div>
    </form>
  );
}
