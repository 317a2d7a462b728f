import { guarded, type Check } from './check.js';

/** What the preflight reads from the operator's AWS account, in the AWS SDK's own answer shapes. */
export interface AwsReaders {
  /** SESv2 GetAccount. */
  sesAccount(): Promise<{ ProductionAccessEnabled?: boolean; SendingEnabled?: boolean; SendQuota?: { Max24HourSend?: number; MaxSendRate?: number } }>;
  /** SESv2 GetEmailIdentity; null when there is no such identity. */
  sesIdentity(identity: string): Promise<{ VerifiedForSendingStatus?: boolean } | null>;
  /** Lambda GetAccountSettings. */
  lambdaAccount(): Promise<{ AccountLimit?: { ConcurrentExecutions?: number } }>;
}

export interface AwsSettings {
  prod: boolean;
  emailFrom?: string;
  /** Lambda executions at once the stage needs at its design size, with headroom (infra/capacity.ts). */
  lambdaConcurrencyNeeded: number;
}

const SES = 'SES';
const LAMBDA = 'Lambda';

/** SES: out of its sandbox, the sender's domain verified; Lambda: a concurrency quota the stage can run on (new accounts get a reduced one). */
export async function awsChecks(aws: AwsReaders | null, settings: AwsSettings): Promise<Check[]> {
  if (!aws) return [{ provider: 'AWS', status: 'sandbox', detail: 'local: no AWS account (the outbox stands in for SES)' }];
  const ses = await guarded(SES, async () => {
    if (!settings.emailFrom) {
      return [{ provider: SES, status: settings.prod ? 'fail' : 'sandbox', detail: 'no sender: booking emails and password resets cannot go through SES', fix: 'verify a domain in SES eu-west-1 and deploy with -c emailFrom=bookings@<domain>' }];
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
    if (account.SendingEnabled === false) checks.push({ provider: SES, status: 'fail', detail: 'sending is paused on this account', fix: 'see the SES account dashboard (bounces or complaints)' });
    const domain = settings.emailFrom.split('@')[1]!;
    const identity = await aws.sesIdentity(domain);
    checks.push(
      identity?.VerifiedForSendingStatus
        ? { provider: SES, status: 'ok', detail: `the sender's domain ${domain} is verified` }
        : { provider: SES, status: 'fail', detail: `the sender's domain ${domain} is ${identity ? 'not verified yet' : 'not an SES identity'}`, fix: `verify ${domain} in SES eu-west-1 (DKIM records); the user pool sends from it` },
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
  return [...ses, ...lambda];
}
