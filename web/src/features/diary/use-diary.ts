import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { loaded, type Loaded } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { DIARY_LOAD_FAILED, loadDiary, type AppointmentsAnswer } from './api';
import { addDays, isDiaryDate, rangeOf, salonDateOf, type DiaryView } from './diary-dates';

export interface DiaryPlace {
  view: DiaryView;
  date: string;
  /** One stylist's diary, or everyone's (''). */
  stylistId: string;
}

/**
 * Where the diary is (view, day, stylist), kept in the address (`?view=week&date=…&stylist=…`) so a
 * link, the Back button and a reload land in the same place; and that range's appointments.
 */
export function useDiary(): {
  place: DiaryPlace;
  today: string;
  range: { from: string; days: number };
  state: Loaded<AppointmentsAnswer>;
  retry: () => void;
  go: (change: Partial<DiaryPlace>) => void;
  step: (direction: -1 | 1) => void;
} {
  const [params, setParams] = useSearchParams();
  const today = salonDateOf(new Date());
  const date = params.get('date');
  const place: DiaryPlace = {
    view: params.get('view') === 'week' ? 'week' : 'day',
    date: isDiaryDate(date) ? date : today,
    stylistId: params.get('stylist') ?? '',
  };
  const range = rangeOf(place.view, place.date);
  const query = useQuery({ queryKey: queryKeys.appointmentsFrom(range.from, range.days), queryFn: () => loadDiary(range.from, range.days) });

  const go = useCallback(
    (change: Partial<DiaryPlace>) => {
      const next = { ...place, ...change };
      const search = new URLSearchParams({ view: next.view, date: next.date });
      if (next.stylistId) search.set('stylist', next.stylistId);
      setParams(search);
    },
    [place, setParams],
  );
  const step = useCallback((direction: -1 | 1) => go({ date: addDays(place.date, direction * (place.view === 'day' ? 1 : 7)) }), [go, place]);

  return { place, today, range, state: loaded(query, DIARY_LOAD_FAILED), retry: () => void query.refetch(), go, step };
}
