import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';

/**
 * cognito-local built in-process, as its own createDefaultServer does, with three changes:
 * data under our folder, triggers answered by our own trigger handlers (the ones CDK deploys)
 * through a Lambda client that calls them directly, and messages captured into the outbox.
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
const { createServer } = require('cognito-local/lib/server/server');

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
  triggers: Record<'PreSignUp' | 'CustomMessage', TriggerHandler>;
  onMessage: (message: CapturedMessage) => void;
  /** Pool and client ids from an earlier start; created when absent. */
  existing?: { userPoolId: string; userPoolClientId: string };
}

export interface CognitoStandIn {
  endpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  issuer: string;
  close(): Promise<void>;
}

function inProcessLambda(triggers: Record<string, TriggerHandler>, seen: (event: { triggerSource?: string }) => void) {
  return {
    invoke(params: { FunctionName: string; Payload: string }) {
      return {
        async promise() {
          const handler = triggers[params.FunctionName];
          if (!handler) return { StatusCode: 404, FunctionError: 'Unhandled', Payload: JSON.stringify({ errorMessage: 'no such trigger' }) };
          try {
            const event = JSON.parse(params.Payload);
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
  config.TriggerFunctions = { PreSignUp: 'PreSignUp', CustomMessage: 'CustomMessage' };
  config.UserPoolDefaults = { UsernameAttributes: ['email'] };

  // cognito-local mails a sign-up code even to users the pre-sign-up trigger confirmed; real
  // Cognito sends nothing then, so that message is dropped.
  let lastTriggerSource: string | undefined;
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
        lastTriggerSource = event.triggerSource;
      }),
    ),
    new CryptoService(config.KMSConfig),
  );
  type Message = { __code?: string; emailMessage?: string; emailSubject?: string; smsMessage?: string };
  const sender = {
    async sendEmail(_ctx: unknown, user: { UserStatus?: string }, destination: string, message: Message) {
      if (lastTriggerSource === 'CustomMessage_SignUp' && user.UserStatus === 'CONFIRMED') return;
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
  const server: Server = await createServer(Router(serviceBag), logger, { port: 0, hostname: '127.0.0.1', https: false }, serviceBag).start();
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  let ids = options.existing;
  if (ids) {
    try {
      await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
    } catch {
      ids = undefined;
    }
  }
  if (!ids) {
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'salon-owners',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: { PasswordPolicy: { MinimumLength: 8 } },
      }),
    );
    const userPoolId = pool.UserPool!.Id!;
    const appClient = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    ids = { userPoolId, userPoolClientId: appClient.UserPoolClient!.ClientId! };
  }
  client.destroy();
  return {
    endpoint,
    ...ids,
    issuer: `${options.issuerDomain}/${ids.userPoolId}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
