import { Duration, NestedStack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { NagSuppressions } from 'cdk-nag';
import type { Construct } from 'constructs';
import { SWEEP_EVERY_MINUTES } from '../functions/core/sweep-schedule.js';
import type { Grant } from '../functions/routes.js';
import { AppFunction, type FunctionEnvironment } from './function.js';
import { applyGrants, logicalIdOf, type GrantTargets } from './grants.js';
import type { StageConfig } from './stage-config.js';

export const SWEEP_BOOKINGS_ENTRY = 'functions/jobs/sweep-bookings.ts';
export const SWEEP_BOOKINGS_GRANTS: readonly Grant[] = ['table:read', 'table:write', 'events:put', 'tokens:crypt', 'secrets:providers'];
export const SWEEP_CALLS_ENTRY = 'functions/jobs/sweep-calls.ts';
/** Closing calls (their call.completed is written with the end, the event outbox), from Twilio's and ElevenLabs' records of a call (the provider secret). */
export const SWEEP_CALLS_GRANTS: readonly Grant[] = ['table:read', 'table:write', 'secrets:providers'];
export const SEND_REMINDERS_ENTRY = 'functions/jobs/send-due-reminders.ts';
/** Publishing each due reminder as booking.reminder-due, and dropping it with its write. */
export const SEND_REMINDERS_GRANTS: readonly Grant[] = ['table:read', 'table:write', 'events:put'];
export const WATCH_NUMBERS_ENTRY = 'functions/jobs/watch-number-pool.ts';
/** Giving waiting salons their numbers (salon.number-assigned), knowing the telephony provider (the provider secret). */
export const WATCH_NUMBERS_GRANTS: readonly Grant[] = ['table:read', 'table:write', 'events:put', 'secrets:providers'];

export interface JobsProps {
  readonly config: StageConfig;
  readonly environment: FunctionEnvironment;
  readonly grants: GrantTargets;
}

interface SweepJob {
  id: string;
  entry: string;
  description: string;
  grants: readonly Grant[];
  failing: string;
}

/**
 * Scheduled work: the sweeps, each every few minutes on EventBridge Scheduler with an alarm when
 * it keeps failing. The booking sweep releases held times whose deposit never came, retries
 * pending calendar writes and keeps the calendar mirrors (channels renewed, quiet mirrors
 * resynced): a release writes its booking events, and the calendar writes need the refresh
 * tokens' key and Google's credentials, hence its grants. The reminder job publishes the
 * reminders that are due. The call sweep closes calls whose end never came, from the
 * provider's record (each end writes its call.completed with it). The number job serves salons waiting for a number and reports the pool's
 * level for the operators' alarm (infra/operations.ts). A nested stack of its own, as the event
 * consumers are (docs/architecture.md, "Decisions"), so the main stack keeps room for routes.
 */
export class Jobs extends NestedStack {
  readonly sweepBookings: AppFunction;
  readonly sweepSchedule: Schedule;
  readonly sweepCalls: AppFunction;
  readonly callSweepSchedule: Schedule;
  readonly sendReminders: AppFunction;
  readonly watchNumbers: AppFunction;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id, { description: `Scheduled jobs (${props.config.stage})` });
    [this.sweepBookings, this.sweepSchedule] = this.sweep(props, {
      id: 'SweepBookings',
      entry: SWEEP_BOOKINGS_ENTRY,
      description: 'Releases lapsed deposit holds, retries pending calendar writes and keeps the calendar mirrors synced',
      grants: SWEEP_BOOKINGS_GRANTS,
      failing: 'The booking sweep keeps failing: unfinished bookings are not being settled',
    });
    [this.sweepCalls, this.callSweepSchedule] = this.sweep(props, {
      id: 'SweepCalls',
      entry: SWEEP_CALLS_ENTRY,
      description: "Closes calls whose end never came, from the provider's record",
      grants: SWEEP_CALLS_GRANTS,
      failing: 'The call sweep keeps failing: unfinished calls are not being metered',
    });
    [this.sendReminders] = this.sweep(props, {
      id: 'SendReminders',
      entry: SEND_REMINDERS_ENTRY,
      description: 'Publishes the booking reminders that are due, for their texts',
      grants: SEND_REMINDERS_GRANTS,
      failing: 'The reminder job keeps failing: callers are not being reminded of their bookings',
    });
    [this.watchNumbers] = this.sweep(props, {
      id: 'WatchNumbers',
      entry: WATCH_NUMBERS_ENTRY,
      description: "Serves salons waiting for a number from the pool and reports the pool's level",
      grants: WATCH_NUMBERS_GRANTS,
      failing: 'The number job keeps failing: waiting salons are not being given numbers',
    });
  }

  private sweep(props: JobsProps, job: SweepJob): [AppFunction, Schedule] {
    const fn = new AppFunction(this, job.id, {
      config: props.config,
      entry: job.entry,
      description: job.description,
      environment: props.environment,
      timeoutSeconds: 120,
    });
    applyGrants(fn, job.grants, props.grants);
    const invoker = new iam.Role(this, `${job.id}Invoker`, { assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com') });
    const schedule = new Schedule(this, `${job.id}Schedule`, {
      description: `${job.description} (${job.entry})`,
      schedule: ScheduleExpression.rate(Duration.minutes(SWEEP_EVERY_MINUTES)),
      // A missed run is made up by the next one: no retries that would overlap it.
      target: new LambdaInvoke(fn.function, { role: invoker, retryAttempts: 0, maxEventAge: Duration.minutes(SWEEP_EVERY_MINUTES) }),
    });
    NagSuppressions.addResourceSuppressions(
      invoker,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: "Lambda's grantInvoke names the function and its versions (`<arn>:*`); the schedule may invoke only the sweep.",
          appliesTo: [`Resource::<${logicalIdOf(fn.function)}.Arn>:*`],
        },
      ],
      true,
    );
    new cloudwatch.Alarm(this, `${job.id}Failing`, {
      alarmDescription: job.failing,
      metric: fn.function.metricErrors({ period: Duration.minutes(15) }),
      threshold: 2,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    return [fn, schedule];
  }
}
