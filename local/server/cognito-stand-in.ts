import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import type { JSONWebKeySet } from 'jose';
import { awsError, type AwsJsonAnswer } from './aws-json.js';

/**
 * cognito-local built in-process, as its own createDefaultServer does, with four changes:
 * data under our folder, triggers answered by our own trigger handlers (the ones CDK deploys)
 * through a Lambda client that calls them directly, messages captured into the outbox, and no
 * HTTP server of its own (it would answer anyone, CORS included): the local server's
 * `/_cognito` endpoint decides who may call which operation and hands the call in here.
 */
const require = createRequire(import.meta.url);
const pino = require('pino');
const services = require('cognito-local/lib/services');
const { CognitoServiceFactoryImpl } = require('cognito-local/lib/services/cognitoService');
const { CryptoService } = require('cognito-local/lib/services/crypto');
const { StormDBDataStoreFactory } = require('cognito-local/lib/services/dataStore/stormDb');
const { MessageDeliveryService } = require('cognito-local/lib/services/messageDelivery/messageDelivery');
const { otp } = require('cognito-local/lib/services/otp');
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator');
const { UserPoolServiceFactoryImpl } = require('cognito-local/lib/services/userPoolService');
const { loadConfig } = require('cognito-local/lib/server/config');
const { Router } = require('cognito-local/lib/server/Router');
const { CognitoError } = require('cognito-local/lib/errors');
const { isSupportedTarget } = require('cognito-local/lib/targets/Target');
const signingKey = require('cognito-local/lib/keys/cognitoLocal.public.json') as { jwk: JSONWebKeySet['keys'][number] };

export type TriggerHandler = (event: unknown) => Promise<unknown>;

export interface CapturedMessage {
  channel: 'email' | 'sms';
  to: string;
  subject?: string;
  body: string;
}

export interface CognitoStandInOptions {
  dataDir: string;
  /** Stable issuer prefix (the pool id is appended), so tokens survive a change of port. */
  issuerDomain: string;
  triggers: Record<'PreSignUp' | 'CustomMessage' | 'PostAuthentication', TriggerHandler>;
  onMessage: (message: CapturedMessage) => void;
  onError: (message: string) => void;
  /** Pool and client ids from an earlier start; created when absent. */
  existing?: { userPoolId: string; userPoolClientId: string };
}

export interface CognitoStandIn {
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  /** The keys its tokens are signed with, as the pool's /.well-known/jwks.json lists them. */
  jwks: JSONWebKeySet;
  /** Whether cognito-local implements the operation (`ListUsers`, …). */
  isOperation(name: string): boolean;
  /** Runs one operation (`InitiateAuth`, `AdminGetUser`, …) on its parsed JSON input, answering as cognito-local's HTTP server does. */
  call(operation: string, input: object): Promise<AwsJsonAnswer>;
}

interface TriggerEvent {
  triggerSource?: string;
  request?: { userAttributes?: { email?: string } };
}

function inProcessLambda(triggers: Record<string, TriggerHandler>, seen: (event: TriggerEvent) => void) {
  return {
    invoke(params: { FunctionName: string; Payload: string }) {
      return {
        async promise() {
          const handler = triggers[params.FunctionName];
          if (!handler) return { StatusCode: 404, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage: 'no such trigger' }) };
          try {
            const event = JSON.parse(params.Payload) as TriggerEvent;
            seen(event);
            const result = await handler(event);
            return { StatusCode: 200, Payload: JSON.stringify(result) };
          } catch (error) {
            return { StatusCode: 200, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage: (error as Error).message }) };
          }
        },
      };
    },
  };
}

export async function startCognitoStandIn(options: CognitoStandInOptions): Promise<CognitoStandIn> {
  mkdirSync(`${options.dataDir}/db`, { recursive: true });
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'silent' });
  const ctx = { logger };
  const config = await loadConfig(ctx, new StormDBDataStoreFactory(options.dataDir));
  config.TokenConfig = { IssuerDomain: options.issuerDomain };
  config.TriggerFunctions = { PreSignUp: 'PreSignUp', CustomMessage: 'CustomMessage', PostAuthentication: 'PostAuthentication' };
  config.UserPoolDefaults = { UsernameAttributes: ['email'] };

  // cognito-local mails a sign-up code even to users the pre-sign-up trigger confirmed; real
  // Cognito sends nothing then, so that message is dropped.
  // The last trigger each address went through, so a message is judged by its own user's trigger:
  // one variable for all would be overwritten by another user signing up or in at the same moment.
  const lastTriggerFor = new Map<string, string>();
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(`${options.dataDir}/db`);
  const cognitoService = await new CognitoServiceFactoryImpl(
    `${options.dataDir}/db`,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new services.TriggersService(
    clock,
    cognitoService,
    new services.LambdaService(
      config.TriggerFunctions,
      inProcessLambda(options.triggers, (event) => {
        const email = event.request?.userAttributes?.email;
        if (email && event.triggerSource) lastTriggerFor.set(email, event.triggerSource);
      }),
    ),
    new CryptoService(config.KMSConfig),
  );
  type Message = { __code?: string; emailMessage?: string; emailSubject?: string; smsMessage?: string };
  const sender = {
    async sendEmail(_ctx: unknown, user: { UserStatus?: string }, destination: string, message: Message) {
      if (lastTriggerFor.get(destination) === 'CustomMessage_SignUp' && user.UserStatus === 'CONFIRMED') return;
      options.onMessage({
        channel: 'email',
        to: destination,
        subject: message.emailSubject ?? 'Your verification code',
        body: message.emailMessage ?? `Your code is ${message.__code}`,
      });
    },
    async sendSms(_ctx: unknown, _user: unknown, destination: string, message: Message) {
      options.onMessage({ channel: 'sms', to: destination, body: message.smsMessage ?? `Your code is ${message.__code}` });
    },
  };
  const serviceBag = {
    clock,
    cognito: cognitoService,
    config,
    messages: new services.MessagesService(triggers, new MessageDeliveryService(sender)),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const route = Router(serviceBag);
  async function run(operation: string, input: object): Promise<unknown> {
    return route(operation)(ctx, input);
  }

  let ids = options.existing;
  if (ids) {
    try {
      await run('DescribeUserPool', { UserPoolId: ids.userPoolId });
    } catch {
      ids = undefined;
    }
  }
  if (!ids) {
    const pool = (await run('CreateUserPool', {
      PoolName: 'salon-owners',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: 8 } },
    })) as { UserPool: { Id: string } };
    const appClient = (await run('CreateUserPoolClient', {
      UserPoolId: pool.UserPool.Id,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    })) as { UserPoolClient: { ClientId: string } };
    ids = { userPoolId: pool.UserPool.Id, userPoolClientId: appClient.UserPoolClient.ClientId };
  }
  return {
    ...ids,
    issuer: `${options.issuerDomain}/${ids.userPoolId}`,
    jwks: { keys: [signingKey.jwk] },
    isOperation: (name) => isSupportedTarget(name),
    async call(operation, input) {
      try {
        return { status: 200, body: JSON.stringify(await run(operation, input), epochSeconds) };
      } catch (error) {
        if (error instanceof CognitoError) return awsError(400, (error as Error & { code: string }).code, (error as Error).message);
        // cognito-local checks no input shapes: what it trips over is input Cognito itself refuses.
        options.onError(`cognito-local ${operation}: ${(error as Error).message}`);
        return awsError(400, 'InvalidParameterException', 'Invalid request.');
      }
    },
  };
}

/** Dates as Cognito's JSON has them: seconds since the epoch (cognito-local's own replacer). */
function epochSeconds(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  return original instanceof Date ? Math.floor(original.getTime() / 1000) : value;
}
