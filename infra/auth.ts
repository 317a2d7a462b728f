import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import { AppFunction, type FunctionEnvironment } from './function.js';
import { applyGrants, type GrantTargets } from './grants.js';
import { physicalName, REGION, type StageConfig } from './stage-config.js';

export const PRE_SIGN_UP_ENTRY = 'functions/triggers/pre-sign-up.ts';
export const CUSTOM_MESSAGE_ENTRY = 'functions/triggers/custom-message.ts';
export const POST_AUTHENTICATION_ENTRY = 'functions/triggers/post-authentication.ts';
export const PASSWORD_MIN_LENGTH = 8;
/** The name owners see on the pool's emails (password resets). */
export const EMAIL_FROM_NAME = 'SalonDesk';

export interface AuthProps {
  readonly config: StageConfig;
  /** Everything but the pool's own ids, which this construct adds. */
  readonly environment: Omit<FunctionEnvironment, 'USER_POOL_ID' | 'USER_POOL_CLIENT_ID'>;
  /** The post-authentication trigger keeps the owner's email on the salon's profile. */
  readonly grants: Omit<GrantTargets, 'userPool'>;
  /** The SES-verified sender (context `emailFrom`): the pool's emails go through SES from it. */
  readonly emailFrom?: string;
}

/**
 * Cognito: salon owners sign in with email and password. Sign-up signs straight in (the
 * pre-sign-up trigger auto-confirms); the custom-message trigger turns the reset code into a
 * link to SITE_URL/reset-password; the post-authentication trigger keeps the owner's email on
 * their salon. With a sender (`emailFrom`) the pool mails through SES: Cognito's own email sends
 * only a few messages a day (docs/operations.md).
 *
 * The triggers need the pool and client ids in their environment while the pool needs the
 * triggers' ARNs: a dependency cycle. The pool therefore names the triggers by an ARN built from
 * their fixed function names (no CloudFormation reference), and the functions reference the pool.
 */
export class Auth extends Construct {
  readonly userPool: cognito.UserPool;
  readonly webClient: cognito.UserPoolClient;
  readonly preSignUp: AppFunction;
  readonly customMessage: AppFunction;
  readonly postAuthentication: AppFunction;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { config } = props;
    const stack = Stack.of(this);

    const preSignUpName = physicalName(config, 'pre-sign-up');
    const customMessageName = physicalName(config, 'custom-message');
    const postAuthenticationName = physicalName(config, 'post-authentication');
    const functionArn = (name: string) =>
      stack.formatArn({ service: 'lambda', resource: 'function', resourceName: name, arnFormat: ArnFormat.COLON_RESOURCE_NAME });

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      userPoolName: physicalName(config),
      featurePlan: cognito.FeaturePlan.ESSENTIALS,
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      passwordPolicy: {
        // The product's rule is "at least 8 characters"; no composition rules, which
        // the sign-up form could not explain and NIST SP 800-63B advises against.
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      deletionProtection: config.deletionProtection,
      removalPolicy: config.removalPolicy,
      ...(props.emailFrom
        ? {
            // Cognito's SourceArn names the sender's domain identity: the domain is what is verified in SES.
            email: cognito.UserPoolEmail.withSES({
              fromEmail: props.emailFrom,
              fromName: EMAIL_FROM_NAME,
              sesRegion: REGION,
              sesVerifiedDomain: props.emailFrom.split('@')[1],
            }),
          }
        : {}),
    });

    const cfnPool = this.userPool.node.defaultChild as cognito.CfnUserPool;
    cfnPool.lambdaConfig = {
      preSignUp: functionArn(preSignUpName),
      customMessage: functionArn(customMessageName),
      postAuthentication: functionArn(postAuthenticationName),
    };

    this.webClient = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      // SRP for the browser (Amplify); USER_PASSWORD_AUTH for cognito-local parity and for the
      // password re-check before account deletion. Refresh tokens are always allowed.
      authFlows: { userSrp: true, userPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    const environment: FunctionEnvironment = {
      ...props.environment,
      USER_POOL_ID: this.userPool.userPoolId,
      USER_POOL_CLIENT_ID: this.webClient.userPoolClientId,
    };
    this.preSignUp = new AppFunction(this, 'PreSignUp', {
      config,
      entry: PRE_SIGN_UP_ENTRY,
      functionName: preSignUpName,
      description: 'Cognito pre-sign-up: auto-confirms new salon owners',
      environment,
      timeoutSeconds: 5,
      memoryMb: 256,
    });
    this.customMessage = new AppFunction(this, 'CustomMessage', {
      config,
      entry: CUSTOM_MESSAGE_ENTRY,
      functionName: customMessageName,
      description: 'Cognito custom message: reset code as a link to SITE_URL/reset-password',
      environment,
      timeoutSeconds: 5,
      memoryMb: 256,
    });
    this.postAuthentication = new AppFunction(this, 'PostAuthentication', {
      config,
      entry: POST_AUTHENTICATION_ENTRY,
      functionName: postAuthenticationName,
      description: "Cognito post-authentication: keeps the owner's email on their salon",
      environment,
      timeoutSeconds: 5,
      memoryMb: 256,
    });
    applyGrants(this.postAuthentication, ['table:write'], props.grants);
    for (const trigger of [this.preSignUp, this.customMessage, this.postAuthentication]) {
      trigger.function.addPermission('CognitoInvoke', {
        principal: new iam.ServicePrincipal('cognito-idp.amazonaws.com'),
        sourceArn: this.userPool.userPoolArn,
        sourceAccount: stack.account,
      });
    }

    NagSuppressions.addResourceSuppressions(this.userPool, [
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product rule is a minimum of 8 characters without composition rules (the sign-up form says "Password must be at least 8 characters"); NIST SP 800-63B favours length over composition rules, and the sign-up form could not explain extra rules.',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is OPTIONAL (TOTP enabled) rather than required: salon owners sign up and start a trial in one step and the web app has no MFA enrolment yet.',
      },
      {
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection (advanced security) needs the Cognito Plus feature plan; the Essentials plan is used until the business decides on the per-user cost.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'Essentials feature plan on purpose (cost); Plus would add threat protection and compromised-credential checks and can be switched on per stage later.',
      },
    ]);
  }
}
