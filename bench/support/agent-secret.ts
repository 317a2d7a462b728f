/**
 * The salon's agent secret, issued by support's admin action (npm run admin -- agent-secret) against
 * the running product's own store: `env` is the environment `npm start` gave its handlers.
 */
export async function issueBenchAgentSecret(env: Record<string, string>, salonId: string): Promise<{ authorization: string; 'content-type': string }> {
  Object.assign(process.env, env);
  const { resetConfig } = await import('../../functions/config.js');
  const { resetDeps } = await import('../../functions/composition-root.js');
  resetConfig();
  resetDeps();
  const { handler: admin } = await import('../../functions/admin/assign-phone-number.js');
  const issued = (await admin({ action: 'agent-secret', salonId })) as { secret?: string; error?: string };
  if (!issued.secret) throw new Error(`no agent secret: ${issued.error}`);
  return { authorization: `Bearer ${issued.secret}`, 'content-type': 'application/json' };
}
