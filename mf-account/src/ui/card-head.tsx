/** A profile card's title (the id its form is labelled by) and subtitle. */
export function CardHead({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div className="acc-card__head">
      <h2 className="acc-card__title" id={id}>
        {title}
      </h2>
      <p className="acc-card__subtitle">{subtitle}</p>
    </div>
  );
}
