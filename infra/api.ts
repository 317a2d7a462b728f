import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpJwtAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Stack } from 'aws-cdk-lib';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { RouteDefinition } from '../functions/routes.js';
import { ROUTE_REQUESTS_PER_SALON_HOUR, routeThrottle, type Throttle } from './capacity.js';
import { AppFunction, constructId, type FunctionEnvironment } from './function.js';
import { applyGrants, type GrantTargets } from './grants.js';
import { physicalName, type StageConfig } from './stage-config.js';

/**
 * Every route has its own throttle, sized from the capacity model for the stage's design size
 * (infra/capacity.ts: the route's peak × 3; tests/infra/capacity.test.ts holds every route of
 * functions/routes.ts to having a figure, and a route table without one, as tests build, keeps
 * the stage default). HTTP API throttles count every client of a route together: a ceiling on
 * cost and on a flood (the agent tools are public to anyone with the URL), never a per-caller
 * limit; per caller and per source the handlers count for themselves (RELIABILITY 37). A
 * throttled request is a 429 in the access log, which an alarm counts (infra/operations.ts).
 */
export const routeThrottles = (config: Pick<StageConfig, 'designSalons'>, routes: readonly Pick<RouteDefinition, 'id'>[]): Record<string, Throttle> =>
  Object.fromEntries(
    routes.filter((route) => route.id in ROUTE_REQUESTS_PER_SALON_HOUR).map((route) => [route.id, routeThrottle(route.id, config.designSalons)]),
  );

export interface ApiProps {
  readonly config: StageConfig;
}

export interface ApiRoutesProps {
  readonly routes: readonly RouteDefinition[];
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  readonly environment: FunctionEnvironment;
  readonly grants: GrantTargets;
  /** Extra variables for single routes, by route id (ids and names only, never secrets). */
  readonly routeEnvironment?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * The HTTP API behind CloudFront's /api/*. The API and its throttled, access-logged default stage
 * exist first (CloudFront needs its endpoint); `addRoutes` then makes one Lambda per route-table
 * entry with one integration and one API route per method.
 */
export class Api extends Construct {
  readonly httpApi: apigw.HttpApi;
  readonly stage: apigw.HttpStage;
  readonly functions = new Map<string, AppFunction>();
  /** One JSON line per request (route key and status, never the path): throttled requests are counted from it. */
  readonly accessLogs: logs.LogGroup;
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    this.config = props.config;

    this.httpApi = new apigw.HttpApi(this, 'HttpApi', {
      apiName: physicalName(props.config, 'api'),
      description: `Salon receptionist API (${props.config.stage})`,
      createDefaultStage: false,
    });

    const accessLogs = (this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.config.logRetention,
      removalPolicy: props.config.removalPolicy,
    }));
    // No path or query string (they can carry phone numbers): the route key says which route ran.
    const accessLogFormat = AccessLogFormat.custom(
      JSON.stringify({
        requestId: '$context.requestId',
        requestTime: '$context.requestTime',
        routeKey: '$context.routeKey',
        status: '$context.status',
        protocol: '$context.protocol',
        responseLength: '$context.responseLength',
        responseLatency: '$context.responseLatency',
        integrationLatency: '$context.integrationLatency',
        integrationStatus: '$context.integrationStatus',
        integrationError: '$context.integrationErrorMessage',
        authorizerError: '$context.authorizer.error',
        errorMessage: '$context.error.message',
      }),
    );

    this.stage = new apigw.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: props.config.apiThrottle.rateLimit, burstLimit: props.config.apiThrottle.burstLimit },
      accessLogSettings: {
        destination: new apigw.LogGroupLogDestination(accessLogs),
        format: accessLogFormat,
      },
    });
  }

  /** The API's host name (`<id>.execute-api.<region>.amazonaws.com`), for CloudFront's origin. */
  get domainName(): string {
    return `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
  }

  addRoutes(props: ApiRoutesProps): void {
    assertUniqueRoutes(props.routes);
    for (const id of Object.keys(props.routeEnvironment ?? {})) {
      if (!props.routes.some((route) => route.id === id)) throw new Error(`Environment given for route ${id}, which is not in the route table`);
    }
    const throttles = routeThrottles(this.config, props.routes);
    const region = Stack.of(this).region;
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    // Checks signature, issuer, expiry and audience (`aud` of ID tokens, `client_id` of access
    // tokens). That an access token, not an ID token, was presented is checked by the handler's
    // middleware (token_use), which answers 401 exactly as the local server does (RELIABILITY 1);
    // requiring a scope here would make the gateway answer 403 instead.
    const authorizer = new HttpJwtAuthorizer('CognitoAuthorizer', `https://cognito-idp.${region}.amazonaws.com/${props.userPool.userPoolId}`, {
      authorizerName: 'cognito-owner',
      jwtAudience: [props.userPoolClient.userPoolClientId],
      identitySource: ['$request.header.Authorization'],
    });

    for (const route of props.routes) {
      const fn = new AppFunction(this, `Route${constructId(route.id)}`, {
        config: this.config,
        entry: route.entry,
        description: `${route.methods.join(',')} ${route.path}`,
        environment: props.environment,
        memoryMb: route.memoryMb,
        timeoutSeconds: route.timeoutSeconds,
        nodeModules: route.nodeModules,
        optIn: route.optIn,
      });
      applyGrants(fn, route.grants, { ...props.grants, userPool: props.userPool });
      for (const [name, value] of Object.entries(props.routeEnvironment?.[route.id] ?? {})) {
        fn.function.addEnvironment(name, value);
      }
      this.functions.set(route.id, fn);

      const integration = new HttpLambdaIntegration(`Route${constructId(route.id)}Integration`, fn.function, {
        payloadFormatVersion: apigw.PayloadFormatVersion.VERSION_2_0,
      });
      for (const method of route.methods) {
        const routes = this.httpApi.addRoutes({
          path: route.path,
          methods: [apigw.HttpMethod[method]],
          integration,
          ...(route.auth === 'owner' ? { authorizer } : {}),
        });
        const throttle = throttles[route.id];
        if (throttle) {
          routeSettings[`${method} ${route.path}`] = { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit };
          // The stage's settings name the route by key: CloudFormation refuses them until the route exists.
          for (const r of routes) this.stage.node.addDependency(r);
        }
        if (route.auth === 'public') {
          for (const r of routes) {
            NagSuppressions.addResourceSuppressions(r, [
              {
                id: 'AwsSolutions-APIG4',
                reason: `${method} ${route.path} is public by design (route table auth: 'public'): it needs no signed-in owner (health check, OAuth callback checked by its one-time state, consent page, voice preview) or verifies its caller itself (webhook signature, shared secret).`,
              },
            ]);
          }
        }
      }
    }
    if (Object.keys(routeSettings).length) (this.stage.node.defaultChild as apigw.CfnStage).routeSettings = routeSettings;
  }
}

function assertUniqueRoutes(routes: readonly RouteDefinition[]): void {
  const ids = new Set<string>();
  const keys = new Set<string>();
  for (const route of routes) {
    if (ids.has(route.id)) throw new Error(`Duplicate route id ${route.id} in functions/routes.ts`);
    ids.add(route.id);
    for (const method of route.methods) {
      const key = `${method} ${route.path}`;
      if (keys.has(key)) throw new Error(`Duplicate route ${key} in functions/routes.ts`);
      keys.add(key);
    }
  }
}
