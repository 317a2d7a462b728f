import { useCallback, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CalendarReturnPage } from '@functions/contracts/calendar';
import { ApiError } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { CALENDAR_CONNECTION_FAILED, OAUTH_START_FAILED, listCalendars, startGoogleOAuth } from './api';
import type { CalendarsState, ConnectState } from './components/calendar-step';
import { markOAuthInFlight, type OAuthReturn } from './google-connect';

/**
 * Google Calendar for step 2: whether it is connected, the way to connect it (the consent page,
 * which comes back to `from`: the wizard, or Settings) and the calendars the stylists can be mapped to.
 */
export function useCalendarConnection(from: CalendarReturnPage = 'setup-wizard') {
  const [granted, setGranted] = useState(false);
  /** What the consent page answered when the owner has just come back from it. */
  const [returned, setReturned] = useState<OAuthReturn>(null);
  const read = useQuery({ queryKey: queryKeys.calendars, queryFn: listCalendars, enabled: granted });
  // 409: the grant is gone (revoked at Google, or never made): connect again.
  const connected = granted && !(read.error instanceof ApiError && read.error.status === 409);
  const list = Array.isArray(read.data) ? read.data : [];
  const calendars: CalendarsState = !connected
    ? { status: 'idle', list: [] }
    : { status: read.isFetching || read.isPending ? 'loading' : read.isError ? 'error' : 'ready', list };

  /** After loading the setup; `returned` is what the consent page answered, when the owner has just come back from it. */
  const reset = useCallback((isConnected: boolean, returned: OAuthReturn = null) => {
    setGranted(isConnected || returned === 'ok');
    if (returned) setReturned(returned);
  }, []);

  const start = useMutation({
    mutationFn: () => startGoogleOAuth(from),
    onSuccess: (url) => {
      markOAuthInFlight();
      window.location.assign(url);
    },
  });
  // Starting until the browser has gone to Google's consent page.
  const starting = start.isPending || start.isSuccess;
  const connectState: ConnectState = starting ? 'starting' : start.isIdle ? (returned ?? 'idle') : 'idle';
  const connectError = start.isError ? start.error.message || OAUTH_START_FAILED : returned === 'fail' && start.isIdle ? CALENDAR_CONNECTION_FAILED : '';

  function connect() {
    if (!starting) start.mutate();
  }

  return {
    connected,
    reset,
    stepProps: {
      connected,
      connectState,
      connectError,
      onConnect: connect,
      calendars,
      onReloadCalendars: () => void read.refetch(),
    },
  };
}
