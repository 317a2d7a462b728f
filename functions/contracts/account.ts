import * as z from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth.js';
import { messages } from './messages.js';

/** Cognito's longest password: a longer one cannot be right, and Cognito would refuse it as a bad parameter, not a wrong password. */
const PASSWORD_MAX_LENGTH = 256;

export const deleteAccountRequest = z.strictObject({
  password: z
    .string({ error: messages.deletePasswordRequired })
    .max(PASSWORD_MAX_LENGTH, messages.deletePasswordWrong)
    .refine((value) => value.trim().length > 0, messages.deletePasswordRequired),
});

export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

/** Settings → Account → Change password: the same password rules as sign-up. */
export const changePasswordForm = z
  .object({
    currentPassword: z.string().min(1, messages.passwordRequired),
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, messages.passwordTooShort),
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, { path: ['confirmPassword'], message: messages.passwordsDoNotMatch });

export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

export const accountMessages = {
  passwordChanged: 'Your password has been changed.',
  currentPasswordWrong: 'Your current password is not correct.',
  passwordChangeFailed: 'Failed to change password',
  exportFailed: 'Failed to download your data',
} as const;

/**
 * `GET /api/account/export` (GDPR Art. 20): everything kept about the owner's salon, one section
 * per kind of record, as stored minus keys and secrets. A section is null or empty when there is
 * nothing of its kind.
 */
export const ACCOUNT_EXPORT_FORMAT = 'salondesk-account-export';
export const ACCOUNT_EXPORT_VERSION = 1;

export type ExportedRecord = Record<string, unknown>;

export const EXPORT_SINGLE_SECTIONS = ['salon', 'setupProgress', 'voiceSettings', 'voiceAgent', 'calendarConnection', 'paymentAccount'] as const;
export const EXPORT_LIST_SECTIONS = [
  'stylists',
  'calendarMappings',
  'services',
  'appointments',
  'calls',
  'messages',
  'usage',
  'usageWarnings',
  'callStats',
  'bookingCounts',
  'activity',
  'reminders',
  'waitingList',
  'freedTimeOffers',
  'textOptOuts',
  'textQuestions',
  'textSubjects',
  'textsReceived',
  'noShows',
  'callerNoShows',
] as const;
export type ExportSingleSection = (typeof EXPORT_SINGLE_SECTIONS)[number];
export type ExportListSection = (typeof EXPORT_LIST_SECTIONS)[number];

export type AccountExport = {
  format: typeof ACCOUNT_EXPORT_FORMAT;
  version: typeof ACCOUNT_EXPORT_VERSION;
  exportedAt: string;
  salonId: string;
} & Record<ExportSingleSection, ExportedRecord | null> &
  Record<ExportListSection, ExportedRecord[]>;

/** The download's name; the date is the day of the export in Irish time (yyyy-mm-dd). */
export const exportFileName = (date: string) => `salon-data-${date}.json`;

/** The spreadsheets an owner can open beside the JSON export, each drawn from it (functions/core/account-export-csv.ts). */
export const CSV_TABLES = ['clients', 'bookings', 'waiting-list'] as const;
export type CsvTable = (typeof CSV_TABLES)[number];

/** `GET /api/account/export-csv?table=…`: which spreadsheet. */
export const exportCsvQuery = z.strictObject({ table: z.enum(CSV_TABLES, 'table must be clients, bookings or waiting-list') });

/** "salon-bookings-2026-12-02.csv" beside "salon-data-2026-12-02.json". */
export const csvFileName = (table: CsvTable, date: string) => `salon-${table}-${date}.csv`;
