import { useId, type ReactNode } from 'react';

interface CallToActionProps {
  title: string;
  children: ReactNode;
  /** The buttons. */
  actions: ReactNode;
}

export function CallToAction({ title, children, actions }: CallToActionProps) {
  const headingId = useId();
  return (
    <section className="cta" aria-labelledby={headingId}>
      <div className="container cta-inner">
        <h2 id={headingId}>{title}</h2>
        {children}
        <div className="button-row">{actions}</div>
      </div>
    </section>
  );
}
