import { LANGUAGE_LABELS, RING_SALON_FIRST_MAX, RING_SALON_FIRST_MIN, VOICES, voiceById } from '@functions/contracts/voice-settings';
import { SelectInput, TextArea, TextInput } from '../../../components/form-fields';
import type { VoiceDraft } from '../wizard-data';

interface Props {
  voice: VoiceDraft;
  errors: Record<string, string>;
  onChange: (patch: Partial<VoiceDraft>) => void;
  playing: string | null;
  onTogglePreview: (voiceId: string) => void;
}


/** Step 3: the receptionist's voice, greeting and phone numbers. */
export function VoiceStep({ voice, errors, onChange, playing, onTogglePreview }: Props) {
  const selected = voiceById(voice.selectedVoice);
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
                  <span className="voice-description">
                    {option.description}
                  </span>
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
        <div className="form-grid">
          <TextInput
            label="Put callers through to"
            name="escalationPhone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={voice.escalationPhone}
            error={errors.escalationPhone}
            hint="When a caller asks for a person, the receptionist puts them through to this number. Leave it empty to use your salon's phone."
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
            hint={`0 = off: the receptionist answers at once. ${RING_SALON_FIRST_MIN} to ${RING_SALON_FIRST_MAX}: your salon's phone rings first, and the receptionist answers if nobody picks up.`}
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
              A caller who hangs up before anyone answers gets one text with your salon's name and how to book: once a day per number, never between 9pm and 9am.
            </p>
          </div>
        </div>
        <fieldset className="phone-option">
          <legend>How callers reach the receptionist</legend>
          <div className="phone-option-choices">
            <label className="choice-card">
              <input type="radio" name="phoneOption" value="new" checked={voice.phoneOption === 'new'} onChange={() => onChange({ phoneOption: 'new' })} />
              <span>
                <strong>Get a new number</strong>
                <span className="field-hint">Our team gives your receptionist its own Irish number, usually within a working day, and emails you when it is ready.</span>
              </span>
            </label>
            <label className="choice-card">
              <input
                type="radio"
                name="phoneOption"
                value="forward"
                checked={voice.phoneOption === 'forward'}
                onChange={() => onChange({ phoneOption: 'forward' })}
              />
              <span>
                <strong>Forward my existing number</strong>
                <span className="field-hint">Keep your salon's number and forward calls to the receptionist.</span>
              </span>
            </label>
          </div>
          {voice.phoneOption === 'forward' && (
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
          )}
        </fieldset>
      </section>
    </div>
  );
}
