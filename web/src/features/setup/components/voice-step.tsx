import { LANGUAGE_LABELS, RING_SALON_FIRST_MAX, RING_SALON_FIRST_MIN, VOICES, voiceById } from '@functions/contracts/voice-settings';
import { FORWARD_WHEN, type ForwardWhen } from '@functions/contracts/setup';
import { FORWARD_WHEN_LABELS } from '@functions/contracts/forwarding';
import { SelectInput, TextArea, TextInput } from '../../../components/form-fields';
import type { VoiceDraft } from '../wizard-data';

interface Props {
  voice: VoiceDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<VoiceDraft>) => void;
  playing: string | null;
  onTogglePreview: (voiceId: string) => void;
}

/** Ringing first, as it works with how the salon's calls reach the receptionist (RELIABILITY 53). */
function ringFirstHint(forwardWhen: ForwardWhen | null): string {
  if (forwardWhen === 'unanswered') return 'Your salon phone already rings first: only the calls nobody answers come to your receptionist, so this stays at 0.';
  if (forwardWhen === 'all')
    return `0 = off. ${RING_SALON_FIRST_MIN} to ${RING_SALON_FIRST_MAX}: every call rings the number above first (your salon's line would only ring your receptionist again), and the receptionist answers if nobody picks up.`;
  return `0 = off: the receptionist answers at once. ${RING_SALON_FIRST_MIN} to ${RING_SALON_FIRST_MAX}: your salon's phone rings first, and the receptionist answers if nobody picks up.`;
}

/** Step 3: the receptionist's voice, greeting and phone numbers. */
export function VoiceStep({ voice, errors, onChange, playing, onTogglePreview }: Props) {
  const selected = voiceById(voice.selectedVoice);
  const forwarding = voice.phoneOption === 'forward';
  const languages = (selected?.languages ?? ['en']) as readonly string[];

  function chooseVoice(voiceId: string) {
    const next = voiceById(voiceId);
    const supported = (next?.languages ?? ['en']) as readonly string[];
    onChange({ selectedVoice: voiceId, selectedLanguage: supported.includes(voice.selectedLanguage) ? voice.selectedLanguage : 'en' });
  }

  return (
    <div className="wizard-step-body">
      <fieldset className="wizard-section voice-options">
        <legend>
          <span className="fieldset-title">Choose a voice</span>
        </legend>
        <p className="section-lead">Pick the voice callers hear. Play a sample to compare.</p>
        <div className="voice-grid">
          {VOICES.map((option) => {
            const checked = option.voiceId === voice.selectedVoice;
            const isPlaying = playing === option.voiceId;
            const inputId = `voice-${option.voiceId}`;
            return (
              <div key={option.voiceId} className={`voice-card${checked ? ' voice-card-selected' : ''}`} data-testid={`voice-${option.voiceId}`}>
                <input
                  id={inputId}
                  className="voice-radio"
                  type="radio"
                  name="selectedVoice"
                  value={option.voiceId}
                  checked={checked}
                  onChange={() => chooseVoice(option.voiceId)}
                />
                <label htmlFor={inputId} className="voice-label">
                  <span className="voice-name">{option.name}</span>
                  <span className="voice-description">{option.description}</span>
                  {option.languages.length > 1 && (
                    <span className="voice-languages">{option.languages.map((code) => LANGUAGE_LABELS[code] ?? code).join(', ')}</span>
                  )}
                </label>
                <button
                  type="button"
                  className="button button-secondary voice-preview"
                  aria-pressed={isPlaying}
                  aria-label={`${isPlaying ? 'Stop' : 'Play'} preview of ${option.name}`}
                  onClick={() => onTogglePreview(option.voiceId)}
                >
                  <span aria-hidden="true">{isPlaying ? '■' : '▶'}</span> {isPlaying ? 'Stop' : 'Play'}
                </button>
              </div>
            );
          })}
        </div>
        {languages.length > 1 && (
          <div className="voice-language">
            <SelectInput
              label={`Language for ${selected?.name ?? 'this voice'}`}
              value={voice.selectedLanguage}
              options={languages.map((code) => ({ value: code, label: LANGUAGE_LABELS[code] ?? code }))}
              error={errors.selectedLanguage}
              onChange={(selectedLanguage) => onChange({ selectedLanguage })}
            />
          </div>
        )}
        {errors.selectedVoice && <p className="field-error">{errors.selectedVoice}</p>}
      </fieldset>

      <section className="wizard-section" aria-labelledby="greeting-heading">
        <h3 id="greeting-heading">Greeting</h3>
        <TextArea
          label="First message"
          name="firstMessage"
          rows={3}
          maxLength={500}
          value={voice.firstMessage}
          error={errors.firstMessage}
          hint="The first thing callers hear when the receptionist answers."
          onChange={(firstMessage) => onChange({ firstMessage })}
        />
      </section>

      <section className="wizard-section" aria-labelledby="numbers-heading">
        <h3 id="numbers-heading">Phone numbers</h3>
        <fieldset className="phone-option">
          <legend>How callers reach the receptionist</legend>
          <div className="phone-option-choices">
            <label className="choice-card">
              <input type="radio" name="phoneOption" value="new" checked={voice.phoneOption === 'new'} onChange={() => onChange({ phoneOption: 'new' })} />
              <span>
                <strong>Get a new number</strong>
                <span className="field-hint">Your receptionist gets its own Irish number the moment you finish setup, to give to your clients.</span>
              </span>
            </label>
            <label className="choice-card">
              <input type="radio" name="phoneOption" value="forward" checked={forwarding} onChange={() => onChange({ phoneOption: 'forward' })} />
              <span>
                <strong>Forward my existing number</strong>
                <span className="field-hint">
                  Keep your salon&apos;s number and forward its calls to the receptionist: your dashboard shows you how, step by step.
                </span>
              </span>
            </label>
          </div>
          {forwarding && (
            <>
              <TextInput
                label="Number to forward"
                name="forwardNumber"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                value={voice.forwardNumber}
                error={errors.forwardNumber}
                hint="Your salon's existing number, e.g. 01 234 5678."
                onChange={(forwardNumber) => onChange({ forwardNumber })}
              />
              <fieldset className="forward-when">
                <legend>Which calls it forwards</legend>
                {FORWARD_WHEN.map((when) => (
                  <label key={when} className="checkbox">
                    <input type="radio" name="forwardWhen" value={when} checked={voice.forwardWhen === when} onChange={() => onChange({ forwardWhen: when })} />
                    <span>
                      {FORWARD_WHEN_LABELS[when]}
                      {when === 'unanswered' ? ' (a gentle start: your phone rings first)' : ''}
                    </span>
                  </label>
                ))}
              </fieldset>
            </>
          )}
        </fieldset>
        <div className="form-grid">
          <TextInput
            label="Put callers through to"
            name="escalationPhone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={voice.escalationPhone}
            error={errors.escalationPhone}
            hint={
              forwarding
                ? "Your own mobile or a stylist's, for a caller who asks for a person. Not your salon's line: it forwards to your receptionist, so calls put through to it would come straight back. Leave it empty and your receptionist takes a message instead."
                : "When a caller asks for a person, the receptionist puts them through to this number. Leave it empty to use your salon's phone."
            }
            onChange={(escalationPhone) => onChange({ escalationPhone })}
          />
          <TextInput
            label="Ring the salon first (seconds)"
            name="ringSalonFirstSeconds"
            type="number"
            inputMode="numeric"
            min={0}
            max={RING_SALON_FIRST_MAX}
            step={1}
            value={String(voice.ringSalonFirstSeconds)}
            error={errors.ringSalonFirstSeconds}
            disabled={forwarding && voice.forwardWhen === 'unanswered' && !voice.ringSalonFirstSeconds}
            hint={ringFirstHint(forwarding ? voice.forwardWhen : null)}
            onChange={(seconds) => onChange({ ringSalonFirstSeconds: seconds.trim() === '' ? 0 : Number(seconds) })}
          />
          <div className="field">
            <label className="checkbox">
              <input
                type="checkbox"
                name="textMissedCallers"
                checked={voice.textMissedCallers}
                aria-describedby="text-missed-callers-hint"
                onChange={(event) => onChange({ textMissedCallers: event.target.checked })}
              />
              <span>Text callers we miss</span>
            </label>
            <p id="text-missed-callers-hint" className="field-hint">
              A caller who hangs up before anyone answers gets one text with your salon&apos;s name and how to book: once a day per number, never between 9pm
              and 9am.
            </p>
          </div>
        </div>
      </section>
    </div>
  );
}
