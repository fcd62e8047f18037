import { Icon } from '@portal/ui';

/** A form's message in red text, announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="acc-alert" role="alert">
      <Icon name="alert" size={18} weight={2} />
      <span>{message}</span>
    </p>
  );
}
