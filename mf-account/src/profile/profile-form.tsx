import { useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import type { UserRecord } from '@portal/shared-contracts/account';
import { saveProfile, saveProfileReset } from './profile-actions';
import { useAccountDispatch } from '../store/hooks';
import { useProfileSelector } from './profile-state';
import { FormAlert } from '../ui/form-alert';
import { SubmitButton } from '../ui/submit-button';
import { TextField } from '../ui/text-field';
import { useFormFields } from '../ui/use-form-fields';
import { CardHead } from '../ui/card-head';
import { changedFields, formValuesFrom, REQUIRED_PROFILE_FIELDS, type EditableProfileField } from './profile-form-values';

const GENDERS = ['Female', 'Male', 'Non-binary', 'Prefer not to say'];
export const NAMES_REQUIRED = 'First and last name cannot be empty.';

const today = () => new Date().toISOString().slice(0, 10);

/** Every profile field of product §3 except the picture, saved through save_profile. */
export function ProfileForm({ user }: { user: UserRecord }) {
  const dispatch = useAccountDispatch();
  const { status, error } = useProfileSelector((state) => state.profile.saveProfile);
  // An edit after a save clears its outcome (the Saved mark or the error).
  const { values, setValues, field } = useFormFields<EditableProfileField>(
    () => formValuesFrom(user),
    () => {
      if (status !== 'idle' && status !== 'loading') dispatch(saveProfileReset());
    },
  );
  const [message, setMessage] = useState<string | null>(null);
  const genderId = useId();

  // A refetched user (after a save, or from another tab) is the new baseline.
  const [baseline, setBaseline] = useState(user);
  if (user !== baseline) {
    setBaseline(user);
    setValues(formValuesFrom(user));
  }
  useEffect(
    () => () => {
      dispatch(saveProfileReset());
    },
    [dispatch],
  );

  const changes = useMemo(() => changedFields(values, user), [values, user]);
  const dirty = Object.keys(changes).length > 0;

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const missingName = REQUIRED_PROFILE_FIELDS.some((name) => values[name].trim() === '');
    setMessage(missingName ? NAMES_REQUIRED : null);
    if (missingName || !dirty) return;
    dispatch(saveProfile.pending(changes));
  };

  const genderOptions = values.gender && !GENDERS.includes(values.gender) ? [values.gender, ...GENDERS] : GENDERS;

  return (
    <form className="acc-card acc-profile-form" onSubmit={submit} noValidate aria-labelledby="acc-profile-details-title">
      <CardHead
        id="acc-profile-details-title"
        title="Personal details"
        subtitle="How you appear around the portal. Only you can see your address and phone."
      />
      <div className="acc-grid">
        <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
        <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
        <TextField label="Date of birth" type="date" min="1900-01-01" max={today()} autoComplete="bday" {...field('dob')} />
        <div className="acc-field">
          <label className="acc-field__label" htmlFor={genderId}>
            Gender
          </label>
          <div className="acc-field__control">
            <select
              id={genderId}
              name="gender"
              className="acc-field__input acc-field__select"
              value={values.gender}
              onChange={(event) => {
                field('gender').onValueChange(event.target.value);
              }}
            >
              <option value="">Not specified</option>
              {genderOptions.map((gender) => (
                <option key={gender} value={gender}>
                  {gender}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TextField
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+1 555 123 4567"
          {...field('phone')}
        />
      </div>

      <h3 className="acc-card__section">Address</h3>
      <div className="acc-grid">
        <TextField
          className="acc-grid__wide"
          label="Street address"
          autoComplete="address-line1"
          {...field('street_address_1')}
        />
        <TextField
          className="acc-grid__wide"
          label="Street address line 2"
          autoComplete="address-line2"
          {...field('street_address_2')}
        />
        <TextField label="City" autoComplete="address-level2" {...field('city')} />
        <TextField label="State / Province" autoComplete="address-level1" {...field('state')} />
        <TextField label="Postal code" autoComplete="postal-code" {...field('postal_code')} />
        <TextField label="Country" autoComplete="country-name" {...field('country')} />
      </div>

      <FormAlert message={message ?? (status === 'failed' ? error : null)} />
      <div className="acc-card__actions">
        {status === 'succeeded' && !dirty ? (
          <span className="acc-saved" role="status">
            ✓ Saved
          </span>
        ) : null}
        <button
          type="button"
          className="button button--ghost"
          disabled={!dirty || status === 'loading'}
          onClick={() => {
            setValues(formValuesFrom(user));
          }}
        >
          Discard
        </button>
        <SubmitButton busy={status === 'loading'}>Save changes</SubmitButton>
      </div>
    </form>
  );
}
