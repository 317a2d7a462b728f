/**
 * Hard-coded figures for the dashboard's stat cards and activity list: examples,
 * not real figures. The page labels them "Sample data" wherever they appear.
 * The bookings card is the exception: it shows the salon's real bookings this month.
 */
export const SAMPLE_STATS = [
  { id: 'calls', label: "Today's calls", value: '18', detail: '+4 on yesterday' },
  { id: 'missed', label: 'Missed calls', value: '0', detail: 'Every call answered' },
  { id: 'satisfaction', label: 'Satisfaction', value: '4.8/5', detail: 'From 32 caller ratings' },
] as const;

export const SAMPLE_ACTIVITY = [
  { id: 'a1', time: '10:42', kind: 'booking', text: 'Booked Aoife Byrne for a cut and blow-dry with Ciara, Friday 14:00.' },
  { id: 'a2', time: '10:15', kind: 'question', text: 'Answered a question about balayage prices (from €120).' },
  { id: 'a3', time: '09:58', kind: 'booking', text: 'Booked Sinéad Walsh for a full head of colour, Saturday 10:30.' },
  { id: 'a4', time: '09:31', kind: 'forwarded', text: 'Forwarded a call about a bridal party to the salon.' },
  { id: 'a5', time: '09:05', kind: 'reschedule', text: 'Moved Orla Kelly’s trim from Tuesday to Wednesday 16:00.' },
] as const;

export const SKELETON_MS = 1000;
