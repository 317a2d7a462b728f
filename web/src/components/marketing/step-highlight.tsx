import { useId, type ReactNode } from 'react';

export interface Step {
  title: string;
  text: string;
  icon: ReactNode;
}

/**
 * The steps, the first highlighted, and a pause button kept hidden: `wireStepHighlight`
 * (step-highlight-behaviour.ts) moves the highlight on and shows the button unless the visitor
 * prefers reduced motion.
 */
export function StepHighlight({ steps }: { steps: readonly Step[] }) {
  const headingId = useId();
  return (
    <section className="section" aria-labelledby={headingId} data-step-highlight>
      <div className="container">
        <div className="section-heading-row">
          <h2 id={headingId}>Six steps, every call</h2>
          <button type="button" className="button button-secondary" data-steps-toggle hidden>
            Pause steps
          </button>
        </div>
        <ol className="steps" role="list">
          {steps.map((step, index) => (
            <li key={step.title} className={index === 0 ? 'card step step-active' : 'card step'} aria-current={index === 0 ? 'step' : undefined} data-step>
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="feature-icon">{step.icon}</span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
