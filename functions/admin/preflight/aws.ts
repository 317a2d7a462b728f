import { guarded, type Check } from './check.js';

/** What the preflight reads from the operator's AWS account, in the AWS SDK's own answer shapes. */
export interface AwsReaders {
  /** SESv2 GetAccount. */
  sesAccount(): Promise<{ ProductionAccessEnabled?: boolean; SendingEnabled?: boolean; SendQuota?: { Max24HourSend?: number; MaxSendRate?: number } }>;
  /** SESv2 GetEmailIdentity; null when there is no such identity. */
  sesIdentity(identity: string): Promise<{ VerifiedForSendingStatus?: boolean } | null>;
  /** Lambda GetAccountSettings. */
  lambdaAccount(): Promise<{ AccountLimit?: { ConcurrentExecutions?: number } }>;
  /**
   * Bedrock Runtime Converse with the model, one word in and at most one out (a fraction of a
   * cent): the only way an API shows that this account may invoke it here. Null when it answered,
   * else the error's name and message.
   */
  bedrockConverse(modelId: string): Promise<{ name: string; message: string } | null>;
}

export interface AwsSettings {
  prod: boolean;
  emailFrom?: string;
  /** Lambda executions at once the stage needs at its design size, with headroom (infra/capacity.ts). */
  lambdaConcurrencyNeeded: number;
  /** The price-list model the stage deploys with; undefined when it runs without Bedrock (`none`). */
  bedrockModelId?: string;
}

const SES = 'SES';
const LAMBDA = 'Lambda';
const BEDROCK = 'Bedrock';

/** SES: out of its sandbox, the sender's domain verified; Lambda: a concurrency quota the stage can run on (new accounts get a reduced one). */
export async function awsChecks(aws: AwsReaders | null, settings: AwsSettings): Promise<Check[]> {
  if (!aws) return [{ provider: 'AWS', status: 'sandbox', detail: 'local: no AWS account (the outbox stands in for SES)' }];
  const ses = await guarded(SES, async () => {
    if (!settings.emailFrom) {
      return [
        {
          provider: SES,
          status: settings.prod ? 'fail' : 'sandbox',
          detail: 'no sender: booking emails and password resets cannot go through SES',
          fix: 'verify a domain in SES eu-west-1 and deploy with -c emailFrom=bookings@<domain>',
        },
      ];
    }
    const account = await aws.sesAccount();
    const quota = account.SendQuota ?? {};
    const checks: Check[] = [
      account.ProductionAccessEnabled
        ? { provider: SES, status: 'ok', detail: `out of the sandbox: ${quota.Max24HourSend ?? '?'} emails a day, ${quota.MaxSendRate ?? '?'} a second` }
        : {
            provider: SES,
            status: settings.prod ? 'fail' : 'warn',
            detail: `in the SES sandbox: verified recipients only, ${quota.Max24HourSend ?? 200} a day`,
            fix: 'request production access for eu-west-1 (SES console → Account dashboard); AWS answers within about a day',
          },
    ];
    if (account.SendingEnabled === false)
      checks.push({ provider: SES, status: 'fail', detail: 'sending is paused on this account', fix: 'see the SES account dashboard (bounces or complaints)' });
    const domain = settings.emailFrom.split('@')[1]!;
    const identity = await aws.sesIdentity(domain);
    checks.push(
      identity?.VerifiedForSendingStatus
        ? { provider: SES, status: 'ok', detail: `the sender's domain ${domain} is verified` }
        : {
            provider: SES,
            status: 'fail',
            detail: `the sender's domain ${domain} is ${identity ? 'not verified yet' : 'not an SES identity'}`,
            fix: `verify ${domain} in SES eu-west-1 (DKIM records); the user pool sends from it`,
          },
    );
    return checks;
  });
  const lambda = await guarded(LAMBDA, async () => {
    const limit = (await aws.lambdaAccount()).AccountLimit?.ConcurrentExecutions ?? 0;
    const enough = limit >= settings.lambdaConcurrencyNeeded;
    return [
      {
        provider: LAMBDA,
        status: enough ? 'ok' : settings.prod ? 'fail' : 'warn',
        detail: `${limit} concurrent executions allowed; the stage needs ${settings.lambdaConcurrencyNeeded} at its design size`,
        ...(enough ? {} : { fix: 'request an increase of Lambda "Concurrent executions" in Service Quotas (eu-west-1); new accounts start low' }),
      },
    ];
  });
  const bedrock = await guarded(BEDROCK, () => bedrockChecks(aws, settings));
  return [...ses, ...lambda, ...bedrock];
}

/** The price-list model answers for this account in eu-west-1; without it every import falls back to the offline reader. */
async function bedrockChecks(aws: AwsReaders, settings: AwsSettings): Promise<Check[]> {
  const modelId = settings.bedrockModelId;
  if (!modelId)
    return [
      { provider: BEDROCK, status: 'info', detail: 'the stage runs without Bedrock (bedrockModelId=none): price lists are read by the offline reader only' },
    ];
  const refused = await aws.bedrockConverse(modelId);
  if (!refused) return [{ provider: BEDROCK, status: 'ok', detail: `${modelId} answers in eu-west-1` }];
  const access = refused.name === 'AccessDeniedException';
  return [
    {
      provider: BEDROCK,
      status: 'fail',
      detail: `${modelId} does not answer (${refused.name}: ${refused.message}): every price-list import falls back to the offline reader`,
      fix: access
        ? 'grant this account access to the model in the Bedrock console (eu-west-1, Model access)'
        : 'choose a model Bedrock offers in eu-west-1 (or an eu. inference profile) and deploy with -c bedrockModelId=…',
    },
  ];
}
