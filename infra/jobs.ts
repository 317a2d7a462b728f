import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { SWEEP_EVERY_MINUTES } from '../functions/jobs/sweep-bookings.js';
import type { Grant } from '../functions/routes.js';
import { AppFunction, type FunctionEnvironment } from './function.js';
import { applyGrants, logicalIdOf, type GrantTargets } from './grants.js';
import type { StageConfig } from './stage-config.js';

export const SWEEP_BOOKINGS_ENTRY = 'functions/jobs/sweep-bookings.ts';
export const SWEEP_BOOKINGS_GRANTS: readonly Grant[] = ['table:read', 'table:write', 'events:put', 'tokens:crypt', 'secrets:providers'];

export interface JobsProps {
  readonly config: StageConfig;
  readonly environment: FunctionEnvironment;
  readonly grants: GrantTargets;
}

/**
 * Scheduled work. The booking sweep runs every few minutes on EventBridge Scheduler: it settles
 * booking changes whose request died (a Lambda timeout between two writes) and retries pending
 * calendar writes. Settling publishes booking events and writes calendar events, hence its grants.
 */
export class Jobs extends Construct {
  readonly sweepBookings: AppFunction;
  readonly sweepSchedule: Schedule;

  constructor(scope: Construct, id: string, props: JobsProps) {
    super(scope, id);
    this.sweepBookings = new AppFunction(this, 'SweepBookings', {
      config: props.config,
      entry: SWEEP_BOOKINGS_ENTRY,
      description: 'Settles unfinished booking changes and retries pending calendar writes',
      environment: props.environment,
      timeoutSeconds: 120,
    });
    applyGrants(this.sweepBookings, SWEEP_BOOKINGS_GRANTS, props.grants);
    const invoker = new iam.Role(this, 'SweepBookingsInvoker', { assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com') });
    this.sweepSchedule = new Schedule(this, 'SweepBookingsSchedule', {
      description: 'The booking sweep (functions/jobs/sweep-bookings.ts)',
      schedule: ScheduleExpression.rate(Duration.minutes(SWEEP_EVERY_MINUTES)),
      // A missed run is made up by the next one: no retries that would overlap it.
      target: new LambdaInvoke(this.sweepBookings.function, { role: invoker, retryAttempts: 0, maxEventAge: Duration.minutes(SWEEP_EVERY_MINUTES) }),
    });
    NagSuppressions.addResourceSuppressions(
      invoker,
      [
        {
          id: 'AwsSolutions-IAM5',
          reason: "Lambda's grantInvoke names the function and its versions (`<arn>:*`); the schedule may invoke only the sweep.",
          appliesTo: [`Resource::<${logicalIdOf(this.sweepBookings.function)}.Arn>:*`],
        },
      ],
      true,
    );
    new cloudwatch.Alarm(this, 'SweepBookingsFailing', {
      alarmDescription: 'The booking sweep keeps failing: unfinished bookings are not being settled',
      metric: this.sweepBookings.function.metricErrors({ period: Duration.minutes(15) }),
      threshold: 2,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
  }
}
