const STEP_INTERVAL_MS = 3000;

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/**
 * Moves the highlight of the steps `StepHighlight` renders on every few seconds, wrapping.
 * Visitors who ask for reduced motion get no auto-advance at all, not just no animation: a
 * highlight jumping around by itself is the movement they asked to avoid, and every step stays
 * readable without it. Everyone else gets the pause button (WCAG 2.2.2: auto-updating content
 * must be stoppable), which the markup keeps hidden so that without JavaScript nothing offers
 * to pause what never moves. Answers an undo.
 */
export function wireStepHighlight(root: ParentNode): () => void {
  const section = root.querySelector<HTMLElement>('[data-step-highlight]');
  const toggle = section?.querySelector<HTMLButtonElement>('[data-steps-toggle]');
  const steps = section ? [...section.querySelectorAll<HTMLElement>('[data-step]')] : [];
  if (!toggle || steps.length === 0) return () => {};
  const reducedMotion = window.matchMedia(REDUCED_MOTION_QUERY);
  let active = Math.max(
    0,
    steps.findIndex((step) => step.getAttribute('aria-current') === 'step'),
  );
  let paused = false;
  let timer: number | undefined;

  const highlight = (index: number) => {
    steps.forEach((step, position) => {
      step.classList.toggle('step-active', position === index);
      if (position === index) step.setAttribute('aria-current', 'step');
      else step.removeAttribute('aria-current');
    });
    active = index;
  };
  const schedule = () => {
    window.clearInterval(timer);
    timer = undefined;
    toggle.hidden = reducedMotion.matches;
    toggle.textContent = paused ? 'Play steps' : 'Pause steps';
    if (reducedMotion.matches || paused) return;
    timer = window.setInterval(() => highlight((active + 1) % steps.length), STEP_INTERVAL_MS);
  };
  const onToggle = () => {
    paused = !paused;
    schedule();
  };

  toggle.addEventListener('click', onToggle);
  reducedMotion.addEventListener('change', schedule);
  schedule();
  return () => {
    window.clearInterval(timer);
    toggle.removeEventListener('click', onToggle);
    reducedMotion.removeEventListener('change', schedule);
  };
}
