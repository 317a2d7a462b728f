/** Key builders for the single table: one place that knows how items are addressed. */
export const keys = {
  salon: (salonId: string) => `SALON#${salonId}`,
  owner: (userId: string) => `OWNER#${userId}`,
  phone: (e164: string) => `PHONE#${e164}`,
  profileSk: 'PROFILE',
  salonSk: 'SALON',
} as const;
