import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { SETTINGS_SECTIONS, settingsPath, type SettingsSectionId } from './sections';

/**
 * The way between sections: a labelled dropdown below 640px, a sidebar from 640px (CSS shows one).
 * Each choice is a new history entry, so back and forward move between sections.
 */
export function SettingsNav({ current }: { current: SettingsSectionId }) {
  const navigate = useNavigate();
  const selectId = useId();
  return (
    <>
      <div className="field settings-picker">
        <label htmlFor={selectId}>Settings section</label>
        <select id={selectId} value={current} onChange={(event) => navigate(settingsPath(event.target.value as SettingsSectionId))}>
          {SETTINGS_SECTIONS.map((section) => (
            <option key={section.id} value={section.id}>
              {section.label}
            </option>
          ))}
        </select>
      </div>
      <nav className="settings-sidebar" aria-label="Settings sections">
        <ul>
          {SETTINGS_SECTIONS.map((section) => (
            <li key={section.id}>
              <Link to={settingsPath(section.id)} aria-current={section.id === current ? 'page' : undefined}>
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
