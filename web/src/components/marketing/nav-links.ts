export interface NavItem {
  label: string;
  to: string;
  /** Rendered as the primary button rather than a plain link. */
  primary?: boolean;
}

/** 'Start Free Trial' opens the auth page in sign-up mode; 'Login' in sign-in mode. */
export const SIGN_UP_PATH = '/auth?mode=signup';

const home: NavItem = { label: 'Home', to: '/' };
const pricing: NavItem = { label: 'Pricing', to: '/pricing' };
const howItWorks: NavItem = { label: 'How it works', to: '/how-it-works' };
const login: NavItem = { label: 'Login', to: '/auth' };
const startFreeTrial: NavItem = { label: 'Start Free Trial', to: SIGN_UP_PATH, primary: true };

/** Each page's header links, in the order the specification lists them. */
export const HOME_NAV: readonly NavItem[] = [pricing, login, howItWorks, startFreeTrial];
export const HOW_IT_WORKS_NAV: readonly NavItem[] = [home, pricing, login, startFreeTrial];
/** The specification gives no list for pricing; it mirrors how-it-works with the current page swapped out. */
export const PRICING_NAV: readonly NavItem[] = [home, howItWorks, login, startFreeTrial];

/** The terms and privacy notice: the public pages' links, Home first. */
export const LEGAL_NAV: readonly NavItem[] = [home, pricing, login, startFreeTrial];

export const FOOTER_NAV: readonly NavItem[] = [home, howItWorks, pricing, login, { label: 'Terms', to: '/terms' }, { label: 'Privacy', to: '/privacy' }];
