import { useId, type ReactNode } from 'react';

/**
 * A region named by its own heading: `<section>` labelled by its `<h2>`, so assistive tech lists
 * it by that title. `block` is the BEM block: the section, `__head` and `__title` take its name;
 * `controls` stand in the head beside the title, `children` below it.
 */
export function TitledSection({
  block,
  title,
  controls,
  children,
}: {
  block: string;
  title: string;
  controls?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className={block} aria-labelledby={headingId}>
      <div className={`${block}__head`}>
        <h2 id={headingId} className={`${block}__title`}>
          {title}
        </h2>
        {controls}
      </div>
      {children}
    </section>
  );
}
