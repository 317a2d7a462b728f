/** Key builders for the single table: one place that knows how items are addressed. */
export const keys = {
  salon: (salonId: string) => `SALON#${salonId}`,
  owner: (userId: string) => `OWNER#${userId}`,
  phone: (e164: string) => `PHONE#${e164}`,
  profileSk: 'PROFILE',
  googleSk: 'GOOGLE',
  /** Everything the setup wizard saves sorts under this prefix: one query loads it all. */
  setupPrefix: 'SETUP#',
  setupStateSk: 'SETUP#STATE',
  voiceSk: 'SETUP#VOICE',
  stylistSk: (stylistId: string) => `SETUP#STYLIST#${stylistId}`,
  serviceSk: (serviceId: string) => `SETUP#SERVICE#${serviceId}`,
  mappingSk: (stylistId: string) => `SETUP#MAPPING#${stylistId}`,
  salonSk: 'SALON',
} as const;
