import { PASSWORD_CRITERIA } from '@portal/shared-contracts/account';

/** The live checklist of product §5's five password criteria. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul className="acc-checklist" id={id} aria-label="Password requirements">
      {PASSWORD_CRITERIA.map((criterion) => {
        const met = criterion.test(password);
        return (
          <li key={criterion.id} className={`acc-checklist__item${met ? ' acc-checklist__item--met' : ''}`} data-met={met}>
            <span className="acc-checklist__mark" aria-hidden="true">
              {met ? '✓' : '•'}
            </span>
            {criterion.label}
            <span className="visually-hidden">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
