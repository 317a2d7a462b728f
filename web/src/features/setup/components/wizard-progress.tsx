import { SETUP_STEPS } from '@functions/contracts/setup';
import { ProgressBar } from '../../../components/progress-bar';

/** The wizard's "Step n of 3", its stepper of titles and its progress bar. */
export function WizardProgress({ step, titles }: { step: number; titles: readonly string[] }) {
  const title = titles[step - 1];
  return (
    <div className="wizard-progress">
      <p className="wizard-step-count" aria-live="polite">
        Step {step} of {SETUP_STEPS}
      </p>
      <ol className="wizard-stepper" aria-label="Setup steps">
        {titles.map((stepTitle, index) => {
          const number = index + 1;
          const state = number === step ? 'current' : number < step ? 'done' : 'todo';
          return (
            <li key={stepTitle} className={`wizard-stepper-item wizard-stepper-${state}`} aria-current={number === step ? 'step' : undefined}>
              <span className="wizard-stepper-number" aria-hidden="true">
                {number}
              </span>
              <span className="wizard-stepper-title">{stepTitle}</span>
            </li>
          );
        })}
      </ol>
      <ProgressBar
        className="wizard-progress-bar"
        label="Setup progress"
        min={1}
        max={SETUP_STEPS}
        value={step}
        valueText={`Step ${step} of ${SETUP_STEPS}: ${title}`}
      />
    </div>
  );
}
