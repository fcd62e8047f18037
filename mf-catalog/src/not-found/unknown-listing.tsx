import { useId } from 'react';
import { Link } from 'react-router-dom';
import { NOT_FOUND_TEXT } from '@portal/shared-contracts/seo';
import './unknown-listing.css';

export interface KnownListing {
  label: string;
  to: string;
}

/**
 * A category or tag the site does not have (the server answers 404): "Page not found" (product
 * §2.1), why, and every one the site does have, so the player is one click from a real page.
 * Nothing in it depends on the name asked for: the server sends the same markup for every
 * unknown name, and the browser's first render matches it.
 */
export function UnknownListing({
  reason,
  listTitle,
  items,
}: {
  reason: string;
  listTitle: string;
  items: readonly KnownListing[];
}) {
  const listId = useId();
  return (
    <section className="page catalog-unknown" aria-labelledby={`${listId}-title`}>
      <h1 id={`${listId}-title`} className="page-title">
        {NOT_FOUND_TEXT.heading}
      </h1>
      <p className="catalog-unknown__reason">{reason}</p>
      <h2 id={listId} className="catalog-unknown__list-title">
        {listTitle}
      </h2>
      <ul className="catalog-unknown__list" aria-labelledby={listId}>
        {items.map((item) => (
          <li key={item.to}>
            <Link className="catalog-unknown__item" to={item.to}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
