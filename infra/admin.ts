import type * as cognito from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { AppFunction, type FunctionEnvironment } from './function.js';
import { applyGrants, type GrantTargets } from './grants.js';
import { physicalName, type StageConfig } from './stage-config.js';
import { VOICE_AGENT_SDK } from '../functions/routes.js';

export const ASSIGN_PHONE_NUMBER_ENTRY = 'functions/admin/assign-phone-number.ts';

export interface AdminProps {
  readonly config: StageConfig;
  readonly environment: FunctionEnvironment;
  readonly grants: GrantTargets & { readonly userPool: cognito.IUserPool };
}

/**
 * Support tooling: the Lambda that assigns, lists and releases salons' phone numbers (and issues
 * agent secrets). It has no URL and no API route; support staff invoke it with IAM credentials
 * (`bin/admin.ts` → lambda:InvokeFunction), by its fixed name `salon-receptionist-<stage>-assign-phone-number`.
 */
export class Admin extends Construct {
  readonly assignPhoneNumber: AppFunction;

  constructor(scope: Construct, id: string, props: AdminProps) {
    super(scope, id);
    this.assignPhoneNumber = new AppFunction(this, 'AssignPhoneNumber', {
      config: props.config,
      entry: ASSIGN_PHONE_NUMBER_ENTRY,
      functionName: physicalName(props.config, 'assign-phone-number'),
      description: 'Admin: assign a phone number to a salon (IAM invoke only)',
      environment: props.environment,
      timeoutSeconds: 30,
      // Issuing a new agent secret stores it with the salon's voice agent.
      optIn: [VOICE_AGENT_SDK],
    });
    // The provider secret: with a Twilio account, assigning a number points its voice URL here.
    applyGrants(this.assignPhoneNumber, ['table:read', 'table:write', 'secrets:providers', 'events:put'], props.grants);
  }
}
