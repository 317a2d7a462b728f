/** Settings' sections, in order; `/settings?section=<id>` opens one, Business by default. */
export const SETTINGS_SECTIONS = [
  { id: 'business', label: 'Business' },
  { id: 'calendar', label: 'Calendar & Services' },
  { id: 'voice', label: 'Voice & Number' },
  { id: 'billing', label: 'Billing' },
  { id: 'account', label: 'Account' },
] as const;

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

export function settingsSection(value: string | null): (typeof SETTINGS_SECTIONS)[number] {
  return SETTINGS_SECTIONS.find((section) => section.id === value) ?? SETTINGS_SECTIONS[0];
}

/** Where another page sends the owner to open one section, e.g. a payment coming back to Billing. */
export const settingsPath = (section: SettingsSectionId) => `/settings?section=${section}`;
