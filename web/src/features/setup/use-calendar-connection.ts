import { useCallback, useState } from 'react';
import type { CalendarReturnPage } from '@functions/contracts/calendar';
import { ApiError } from '../../lib/api-client';
import { CALENDAR_CONNECTION_FAILED, OAUTH_START_FAILED, listCalendars, startGoogleOAuth } from './api';
import type { CalendarsState, ConnectState } from './components/calendar-step';
import { markOAuthInFlight, type OAuthReturn } from './google-connect';

/**
 * Google Calendar for step 2: whether it is connected, the way to connect it (the consent page,
 * which comes back to `from`: the wizard, or Settings) and the calendars the stylists can be mapped to.
 */
export function useCalendarConnection(from: CalendarReturnPage = 'setup-wizard') {
  const [connected, setConnected] = useState(false);
  const [connectState, setConnectState] = useState<ConnectState>('idle');
  const [connectError, setConnectError] = useState('');
  const [calendars, setCalendars] = useState<CalendarsState>({ status: 'idle', list: [] });

  const fetchCalendars = useCallback(async () => {
    setCalendars((current) => ({ status: 'loading', list: current.list }));
    try {
      const list = await listCalendars();
      setCalendars({ status: 'ready', list: Array.isArray(list) ? list : [] });
    } catch (error) {
      console.error('Listing calendars failed', error);
      // 409: the grant is gone (revoked at Google, or never made): connect again.
      if (error instanceof ApiError && error.status === 409) {
        setConnected(false);
        setCalendars({ status: 'idle', list: [] });
        return;
      }
      setCalendars((current) => ({ status: 'error', list: current.list }));
    }
  }, []);

  /** After loading the setup; `returned` is what the consent page answered, when the owner has just come back from it. */
  const reset = useCallback(
    (isConnected: boolean, returned: OAuthReturn = null) => {
      setConnected(isConnected || returned === 'ok');
      if (returned === 'ok') setConnectState('ok');
      if (returned === 'fail') {
        setConnectState('fail');
        setConnectError(CALENDAR_CONNECTION_FAILED);
      }
      if (isConnected || returned === 'ok') void fetchCalendars();
    },
    [fetchCalendars],
  );

  async function connect() {
    if (connectState === 'starting') return;
    setConnectState('starting');
    setConnectError('');
    try {
      const url = await startGoogleOAuth(from);
      markOAuthInFlight();
      window.location.assign(url);
    } catch (error) {
      setConnectState('idle');
      setConnectError(error instanceof Error && error.message ? error.message : OAUTH_START_FAILED);
    }
  }

  return {
    connected,
    reset,
    stepProps: {
      connected,
      connectState,
      connectError,
      onConnect: () => void connect(),
      calendars,
      onReloadCalendars: () => void fetchCalendars(),
    },
  };
}
