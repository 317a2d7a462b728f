import type { Ports } from '../ports.js';
import type { NumberWebhooks } from '../ports/telephony.js';
import { smsWebhookUrl, voiceWebhookUrl } from '../telephony/inbound-call.js';
import { giveSalonANumber, serveWaitingSalons, type GiveNumberResult, type NumberDeps } from './give-number.js';

/**
 * Stocking the pool: operators buy Irish numbers once, in batches (`npm run admin -- stock-numbers`),
 * each pointed at the stage's voice webhook as it is bought; salons waiting for one are served
 * at once. The telephony sandbox keeps its own pool stocked, so that `npm start` gives a new user
 * a number as production does.
 */
export type StockDeps = Pick<Ports, 'telephony' | 'numbers' | 'salons' | 'events' | 'config' | 'now'>;

/** Where Twilio posts calls to the stage's numbers, their end, and texts to them. */
export function numberWebhooks(siteUrl: string): NumberWebhooks {
  const voiceUrl = voiceWebhookUrl(siteUrl);
  return { voiceUrl, statusCallbackUrl: `${voiceUrl}?stage=status`, smsUrl: smsWebhookUrl(siteUrl) };
}

export async function stockNumbers(
  deps: StockDeps,
  input: { count: number; areaCode?: string },
): Promise<{ bought: string[]; served: { salonId: string; number: string }[] }> {
  const bought = await deps.telephony.buyNumbers({ ...input, webhooks: numberWebhooks(deps.config.SITE_URL) });
  const at = deps.now().toISOString();
  for (const number of bought) await deps.numbers.stock(number, at);
  return { bought, served: await serveWaitingSalons(deps) };
}

/** How many made-up numbers the sandbox adds when its pool runs dry. */
export const SANDBOX_TOP_UP = 3;

/** The sandbox's top-up (none with a real provider, where operators stock the pool): how many numbers it added. */
export async function restockSandboxPool(deps: StockDeps): Promise<number> {
  if ((await deps.telephony.provider()) !== 'sandbox') return 0;
  return (await stockNumbers(deps, { count: SANDBOX_TOP_UP })).bought.length;
}

/** A salon whose setup is complete gets its number (from the pool, topped up in the sandbox). */
export function numberForSalon(deps: StockDeps, salonId: string): Promise<GiveNumberResult> {
  const withRestock: NumberDeps = { ...deps, restock: () => restockSandboxPool(deps) };
  return giveSalonANumber(withRestock, salonId);
}
