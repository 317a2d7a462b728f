import type { ReactNode } from 'react';

export interface Feature {
  title: string;
  text: ReactNode;
  icon: ReactNode;
}

/** A card in a grid list; the caller renders the surrounding <ul>. */
export function FeatureCard({ feature, tone = 'teal' }: { feature: Feature; tone?: 'teal' | 'warm' }) {
  return (
    <li className="card feature-card">
      <span className={`feature-icon feature-icon-${tone}`}>{feature.icon}</span>
      <h3>{feature.title}</h3>
      <p>{feature.text}</p>
    </li>
  );
}
