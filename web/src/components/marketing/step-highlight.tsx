import { useEffect, useId, useState, useSyncExternalStore, type ReactNode } from 'react';

export const STEP_INTERVAL_MS = 3000;

export interface Step {
  title: string;
  text: string;
  icon: ReactNode;
}

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function subscribeToReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function prefersReducedMotion() {
  return window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

/**
 * The steps with a highlight that moves on every few seconds and wraps. Visitors who ask for
 * reduced motion get no auto-advance at all, not just no animation: a highlight jumping around
 * by itself is the movement they asked to avoid, and every step stays readable without it.
 * Everyone else can pause it (WCAG 2.2.2: auto-updating content must be stoppable).
 */
export function StepHighlight({ steps }: { steps: readonly Step[] }) {
  const reducedMotion = useSyncExternalStore(subscribeToReducedMotion, prefersReducedMotion);
  const [paused, setPaused] = useState(false);
  const [active, setActive] = useState(0);
  const headingId = useId();
  const advancing = !reducedMotion && !paused;

  useEffect(() => {
    if (!advancing) return;
    const timer = window.setInterval(() => setActive((index) => (index + 1) % steps.length), STEP_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [advancing, steps.length]);

  return (
    <section className="section" aria-labelledby={headingId}>
      <div className="container">
        <div className="section-heading-row">
          <h2 id={headingId}>Six steps, every call</h2>
          {!reducedMotion && (
            <button type="button" className="button button-secondary" onClick={() => setPaused((value) => !value)}>
              {paused ? 'Play steps' : 'Pause steps'}
            </button>
          )}
        </div>
        <ol className="steps" role="list">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className={index === active ? 'card step step-active' : 'card step'}
              aria-current={index === active ? 'step' : undefined}
            >
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
