import { useQuery } from '@tanstack/react-query';
import { BackToDashboardPage } from '../components/back-to-dashboard-page';
import { Diary } from '../features/diary';
import { setupQuery } from '../features/setup/api';

/** /diary: the salon's own diary, where the owner sees and runs its bookings (with or without Google Calendar). */
export default function DiaryPage() {
  const setup = useQuery({ ...setupQuery, select: (loaded) => loaded.stylists });
  return (
    <BackToDashboardPage title="Diary" className="diary-page">
      <h1>Diary</h1>
      <Diary stylists={setup.data ?? null} />
    </BackToDashboardPage>
  );
}
