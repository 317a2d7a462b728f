import { beforeAll, describe, expect, it } from 'vitest';
import { Aspects, Stack, type CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { AwsSolutionsChecks } from 'cdk-nag';
import { EVENT_SOURCE } from '../../functions/contracts/events.js';
import { detailTypesOf, eventRules } from '../../events/rules.js';
import { routes, type Grant } from '../../functions/routes.js';
import { tableKeys } from '../../functions/store/table-definition.js';
import { CONSUMER_RETRY_ATTEMPTS } from '../../infra/events.js';
import { OPTIONAL_ENVIRONMENT, powertoolsEnvironment, type AppFunction } from '../../infra/function.js';
import { USER_POOL_ADMIN_ACTIONS } from '../../infra/grants.js';
import { routeThrottles } from '../../infra/api.js';
import { stageConfig } from '../../infra/stage-config.js';
import { AGENT_UNAVAILABLE_LOG } from '../../functions/core/telephony/inbound-call.js';
import { SITE_REWRITE_FUNCTION_CODE } from '../../infra/web.js';
import { INLINE_SCRIPT_HASHES, SIGNED_IN_REDIRECT_HASH, siteFileFor } from '../../web/site-files.js';
import { SWEEP_EVERY_MINUTES } from '../../functions/core/sweep-schedule.js';
import { actionsOfRole, functionsWithGrants, nagFindings, refId, statementsOfRole, sharedStage, type Resource, type SynthesizedStage } from './synth-stage.js';

/** functions/config.ts: what every Lambda must receive (AWS_REGION comes from Lambda itself). */
const REQUIRED_ENVIRONMENT = [
  'STAGE',
  'TABLE_NAME',
  'UPLOADS_BUCKET',
  'EVENT_BUS_NAME',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
  'SITE_URL',
  // Where salons reach us, and the number pool's low mark: names and a figure, not secrets.
  'SUPPORT_EMAIL',
  'NUMBER_POOL_LOW',
  // The Twilio Region every client asks (functions/providers/twilio-region.ts): a name.
  'TWILIO_REGION',
] as const;
/**
 * Anything else in a Lambda's environment must be justified here (RELIABILITY 31: no secrets).
 * The optional provider ids and ARNs are checked per grant in providers.test.ts.
 */
const ALLOWED_ENVIRONMENT = new Set<string>([
  ...REQUIRED_ENVIRONMENT,
  ...OPTIONAL_ENVIRONMENT,
  ...Object.keys(powertoolsEnvironment('dev')),
  'NODE_OPTIONS',
  'TWILIO_EDGE',
]);

let dev: SynthesizedStage;
let prod: SynthesizedStage;

beforeAll(() => {
  dev = sharedStage('dev');
  prod = sharedStage('prod');
});

function resources(s: SynthesizedStage, type: string): Record<string, Resource> {
  return s.template.findResources(type) as Record<string, Resource>;
}

function logicalId(s: SynthesizedStage, fn: AppFunction): string {
  return s.stack.getLogicalId(fn.function.node.defaultChild as CfnElement);
}

/** Our Lambdas (every one built through AppFunction): routes, triggers, consumers, admin. */
function appFunctions(s: SynthesizedStage): { name: string; fn: AppFunction }[] {
  return [
    ...[...s.stack.api.functions].map(([id, fn]) => ({ name: `route ${id}`, fn })),
    ...[...s.stack.events.consumers].map(([id, fn]) => ({ name: `event rule ${id}`, fn })),
    { name: 'pre-sign-up trigger', fn: s.stack.auth.preSignUp },
    { name: 'custom-message trigger', fn: s.stack.auth.customMessage },
    { name: 'post-authentication trigger', fn: s.stack.auth.postAuthentication },
    { name: 'admin assign-phone-number', fn: s.stack.admin.assignPhoneNumber },
    { name: 'booking sweep', fn: s.stack.jobs.sweepBookings },
    { name: 'reminder job', fn: s.stack.jobs.sendReminders },
    { name: 'call sweep', fn: s.stack.jobs.sweepCalls },
  ];
}

describe('stack', () => {
  it('is named per stage and lives in eu-west-1', () => {
    expect(dev.stack.stackName).toBe('SalonReceptionist-dev');
    expect(prod.stack.stackName).toBe('SalonReceptionist-prod');
    expect(dev.stack.region).toBe('eu-west-1');
    expect(prod.stack.terminationProtection).toBe(true);
  });

  it('outputs what the CLI and operators need', () => {
    const outputs = Object.keys(dev.template.findOutputs('*'));
    expect(outputs).toEqual(
      expect.arrayContaining([
        'SiteUrl',
        'ApiUrl',
        'UserPoolId',
        'UserPoolClientId',
        'AdminFunctionName',
        'AdminFunctionArn',
        'ProviderSecretArn',
        'TokenKeyArn',
      ]),
    );
    const adminName = dev.template.findOutputs('AdminFunctionName').AdminFunctionName;
    expect(refId(adminName?.Value)).toBe(logicalId(dev, dev.stack.admin.assignPhoneNumber));
  });
});

describe('HTTP API from the route table', () => {
  const routeResources = () => Object.values(resources(dev, 'AWS::ApiGatewayV2::Route'));
  const integrations = () => resources(dev, 'AWS::ApiGatewayV2::Integration');

  it('has exactly one API route per method of every table entry', () => {
    const expected = routes.flatMap((route) => route.methods.map((method) => `${method} ${route.path}`)).sort();
    const actual = routeResources()
      .map((route) => route.Properties.RouteKey as string)
      .sort();
    expect(actual).toEqual(expected);
  });

  it.each(routes.map((route) => [route.id, route] as const))('route %s: own Lambda, one integration, auth as in the table', (_id, route) => {
    const fn = dev.stack.api.functions.get(route.id);
    expect(fn, `no Lambda for route ${route.id}`).toBeDefined();
    const functionId = logicalId(dev, fn!);

    const integrationIds = new Set<string>();
    for (const method of route.methods) {
      const apiRoute = routeResources().find((r) => r.Properties.RouteKey === `${method} ${route.path}`);
      expect(apiRoute, `${method} ${route.path}`).toBeDefined();
      const target = apiRoute!.Properties.Target as { 'Fn::Join': [string, [string, unknown]] };
      const integrationId = refId(target['Fn::Join'][1][1]);
      integrationIds.add(integrationId);
      const integration = integrations()[integrationId]!;
      expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
      expect(integration.Properties.PayloadFormatVersion).toBe('2.0');
      expect(refId(integration.Properties.IntegrationUri)).toBe(functionId);

      if (route.auth === 'owner') {
        expect(apiRoute!.Properties.AuthorizationType).toBe('JWT');
        expect(apiRoute!.Properties.AuthorizerId).toBeDefined();
      } else {
        expect(apiRoute!.Properties.AuthorizationType ?? 'NONE').toBe('NONE');
        expect(apiRoute!.Properties.AuthorizerId).toBeUndefined();
      }
    }
    expect(integrationIds.size).toBe(1);

    const lambda = resources(dev, 'AWS::Lambda::Function')[functionId]!;
    expect(lambda.Properties.MemorySize).toBe(route.memoryMb ?? 512);
    expect(lambda.Properties.Timeout).toBe(route.timeoutSeconds ?? 10);
  });

  it("serves Twilio's voice webhook without a JWT (its signature is the check) and the test call's token route to owners only", () => {
    const keyed = Object.fromEntries(routeResources().map((route) => [route.Properties.RouteKey as string, route.Properties]));
    expect(keyed['POST /api/twilio/voice']).toBeDefined();
    expect(keyed['POST /api/twilio/voice']!.AuthorizationType ?? 'NONE').toBe('NONE');
    expect(keyed['POST /api/twilio']).toMatchObject({ AuthorizationType: 'JWT' });
  });

  it('has one Lambda and one integration per route (no sharing between routes)', () => {
    const functionIds = routes.map((route) => logicalId(dev, dev.stack.api.functions.get(route.id)!));
    expect(new Set(functionIds).size).toBe(routes.length);
    expect(Object.keys(integrations())).toHaveLength(routes.length);
  });

  it('verifies Cognito access tokens of the web client (JWT authorizer)', () => {
    const authorizers = Object.values(resources(dev, 'AWS::ApiGatewayV2::Authorizer'));
    expect(authorizers).toHaveLength(1);
    const authorizer = authorizers[0]!.Properties;
    expect(authorizer.AuthorizerType).toBe('JWT');
    expect(authorizer.IdentitySource).toEqual(['$request.header.Authorization']);
    const poolId = dev.stack.getLogicalId(dev.stack.auth.userPool.node.defaultChild as CfnElement);
    const clientId = dev.stack.getLogicalId(dev.stack.auth.webClient.node.defaultChild as CfnElement);
    expect(authorizer.JwtConfiguration.Issuer).toEqual({
      'Fn::Join': ['', ['https://cognito-idp.eu-west-1.amazonaws.com/', { Ref: poolId }]],
    });
    expect(authorizer.JwtConfiguration.Audience).toEqual([{ Ref: clientId }]);
  });

  it('throttles the default stage per stage config and writes access logs', () => {
    const [devStage] = Object.values(resources(dev, 'AWS::ApiGatewayV2::Stage'));
    const [prodStage] = Object.values(resources(prod, 'AWS::ApiGatewayV2::Stage'));
    expect(devStage!.Properties.StageName).toBe('$default');
    expect(devStage!.Properties.AutoDeploy).toBe(true);
    expect(devStage!.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 25, ThrottlingBurstLimit: 50 });
    expect(prodStage!.Properties.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: 200, ThrottlingBurstLimit: 400 });
    expect(devStage!.Properties.AccessLogSettings.DestinationArn).toBeDefined();
    expect(devStage!.Properties.AccessLogSettings.Format).toContain('$context.requestId');
    // Paths and query strings can carry phone numbers (RELIABILITY 26): only the route key is logged.
    expect(devStage!.Properties.AccessLogSettings.Format).not.toMatch(/\$context\.(path|identity\.sourceIp)/);
  });

  it('throttles every route from the capacity model (peak × 3 at the stage size), after the route exists (RELIABILITY 37)', () => {
    for (const s of [dev, prod]) {
      const [stage] = Object.values(resources(s, 'AWS::ApiGatewayV2::Stage')) as (Resource & { DependsOn?: string[] })[];
      const throttles = routeThrottles(stageConfig(s === prod ? 'prod' : 'dev'), routes);
      const expected = Object.fromEntries(
        routes.flatMap((route) =>
          route.methods.map((method) => [
            `${method} ${route.path}`,
            { ThrottlingRateLimit: throttles[route.id]!.rateLimit, ThrottlingBurstLimit: throttles[route.id]!.burstLimit },
          ]),
        ),
      );
      expect(stage!.Properties.RouteSettings).toEqual(expected);
      // CloudFormation refuses route settings naming a route it has not created yet.
      for (const [routeId] of Object.entries(resources(s, 'AWS::ApiGatewayV2::Route'))) expect(stage!.DependsOn).toContain(routeId);
    }
    const [prodStage] = Object.values(resources(prod, 'AWS::ApiGatewayV2::Stage'));
    expect(prodStage!.Properties.RouteSettings['POST /api/agent/tools']).toEqual({ ThrottlingRateLimit: 150, ThrottlingBurstLimit: 300 });
  });
});

describe('operations', () => {
  it('counts throttled requests from the access log and calls the agent could not take from the voice webhook log, each with an alarm', () => {
    const filters = Object.values(resources(prod, 'AWS::Logs::MetricFilter'));
    const byMetric = (name: string) => filters.find((filter) => filter.Properties.MetricTransformations[0].MetricName === name)!;
    expect(byMetric('ThrottledRequests').Properties.FilterPattern).toBe('{ $.status = "429" }');
    expect(refId(byMetric('ThrottledRequests').Properties.LogGroupName)).toBe(
      prod.stack.getLogicalId(prod.stack.api.accessLogs.node.defaultChild as CfnElement),
    );
    expect(byMetric('CallsForwardedAgentUnavailable').Properties.FilterPattern).toBe(`{ $.message = "${AGENT_UNAVAILABLE_LOG}" }`);
    expect(refId(byMetric('CallsForwardedAgentUnavailable').Properties.LogGroupName)).toBe(
      prod.stack.getLogicalId(prod.stack.api.functions.get('twilio-voice')!.logGroup.node.defaultChild as CfnElement),
    );
    const alarms = Object.values(resources(prod, 'AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties);
    const named = (name: string) => alarms.find((alarm) => alarm.AlarmName === name)!;
    expect(named('salon-receptionist-prod-api-throttled')).toMatchObject({
      MetricName: 'ThrottledRequests',
      Namespace: 'SalonReceptionist/prod',
      Threshold: 1,
    });
    expect(named('salon-receptionist-prod-agent-unavailable')).toMatchObject({ MetricName: 'CallsForwardedAgentUnavailable', Threshold: 3 });
    const clientErrors = named('salon-receptionist-prod-api-4xx');
    expect(clientErrors.Threshold).toBe(5);
    expect(JSON.stringify(clientErrors.Metrics)).toContain('"MetricName":"4xx"');
    expect(Object.keys(resources(prod, 'AWS::CloudWatch::Dashboard'))).toHaveLength(1);
  });
});

describe('Lambdas', () => {
  it('all run Node.js 22 on arm64 with the full, secret-free environment', () => {
    for (const s of [dev, prod]) {
      const lambdas = resources(s, 'AWS::Lambda::Function');
      for (const { name, fn } of appFunctions(s)) {
        const props = lambdas[logicalId(s, fn)]!.Properties;
        expect(props.Runtime, name).toBe('nodejs22.x');
        expect(props.Architectures, name).toEqual(['arm64']);
        const variables = Object.keys(props.Environment.Variables as Record<string, unknown>);
        expect(variables, name).toEqual(expect.arrayContaining([...REQUIRED_ENVIRONMENT]));
        expect(
          variables.filter((variable) => !ALLOWED_ENVIRONMENT.has(variable)),
          name,
        ).toEqual([]);
        expect(props.Environment.Variables.STAGE, name).toBe(s.stack.stackName.replace('SalonReceptionist-', ''));
        expect(props.LoggingConfig.LogGroup, name).toBeDefined();
      }
    }
  });

  it("are traced by X-Ray, with Powertools' metrics per stage and traces that keep no response or error (issue 44, point 5)", () => {
    for (const s of [dev, prod]) {
      const lambdas = resources(s, 'AWS::Lambda::Function');
      const stage = s.stack.stackName.replace('SalonReceptionist-', '');
      for (const { name, fn } of appFunctions(s)) {
        const props = lambdas[logicalId(s, fn)]!.Properties;
        expect(props.TracingConfig, name).toEqual({ Mode: 'Active' });
        expect(props.Environment.Variables, name).toMatchObject({
          POWERTOOLS_METRICS_NAMESPACE: `SalonDesk/${stage}`,
          POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
          POWERTOOLS_TRACER_CAPTURE_ERROR: 'false',
        });
      }
    }
  });

  it('each has its own log group with the stage retention', () => {
    const devGroups = resources(dev, 'AWS::Logs::LogGroup');
    const prodGroups = resources(prod, 'AWS::Logs::LogGroup');
    for (const { name, fn } of appFunctions(dev)) {
      const group = devGroups[dev.stack.getLogicalId(fn.logGroup.node.defaultChild as CfnElement)]!;
      expect(group.Properties.RetentionInDays, name).toBe(14);
    }
    for (const { name, fn } of appFunctions(prod)) {
      const group = prodGroups[prod.stack.getLogicalId(fn.logGroup.node.defaultChild as CfnElement)]!;
      expect(group.Properties.RetentionInDays, name).toBe(90);
      expect(group.DeletionPolicy, name).toBe('Retain');
    }
  });

  it('roles get only the grants their table entry names (least privilege)', () => {
    for (const { name, fn, grants } of functionsWithGrants(dev)) {
      const roleId = dev.stack.getLogicalId(fn.role.node.defaultChild as CfnElement);
      const actions = actionsOfRole(dev.template, roleId);
      const has = (grant: Grant) => grants.includes(grant);

      expect(actions, name).toEqual(expect.arrayContaining(['logs:CreateLogStream', 'logs:PutLogEvents']));
      expect(
        actions.some((a) => a === '*' || a.endsWith(':*')),
        `${name}: no service-wide actions`,
      ).toBe(false);

      expect(actions.includes('dynamodb:GetItem'), `${name} table read`).toBe(has('table:read') || has('table:write'));
      expect(actions.includes('dynamodb:PutItem'), `${name} table write`).toBe(has('table:write'));
      expect(actions.includes('s3:GetObject'), `${name} uploads read`).toBe(has('uploads:read'));
      expect(actions.includes('s3:PutObject'), `${name} uploads write`).toBe(has('uploads:write'));
      expect(actions.includes('s3:DeleteObject'), `${name} uploads delete`).toBe(has('uploads:write'));
      expect(actions.includes('events:PutEvents'), `${name} events`).toBe(has('events:put'));
      const cognitoActions = actions.filter((a) => a.startsWith('cognito-idp:')).sort();
      expect(cognitoActions, `${name} user pool`).toEqual(has('userpool:admin') ? [...USER_POOL_ADMIN_ACTIONS].sort() : []);
      // Statement by statement in providers.test.ts.
      expect(
        actions.some((a) => a.startsWith('kms:')),
        `${name} token key`,
      ).toBe(has('tokens:crypt'));
      expect(
        actions.some((a) => a.startsWith('secretsmanager:')),
        `${name} provider secret`,
      ).toBe(has('secrets:providers'));
      expect(
        actions.some((a) => a.startsWith('bedrock:')),
        `${name} bedrock`,
      ).toBe(has('bedrock:invoke'));

      // Role policies name this stage's resources, never every resource; X-Ray's two writes have no
      // resource-level permissions (https://docs.aws.amazon.com/xray/latest/devguide/security_iam_service-with-iam.html).
      for (const statement of statementsOfRole(dev.template, roleId)) {
        const actionsOf = ([] as string[]).concat(statement.Action as string | string[]);
        if (actionsOf.every((action) => action.startsWith('xray:')))
          expect(actionsOf.sort(), name).toEqual(['xray:PutTelemetryRecords', 'xray:PutTraceSegments']);
        else expect(statement.Resource, name).not.toBe('*');
      }
      // No AWS managed policies (no AWSLambdaBasicExecutionRole: logs go to the function's own group).
      const role = resources(dev, 'AWS::IAM::Role')[roleId]!;
      expect(role.Properties.ManagedPolicyArns, name).toBeUndefined();
    }
  });
});

describe('Cognito', () => {
  it('user pool: email sign-in, self sign-up, 8-character passwords, email-only recovery, three triggers', () => {
    const [pool] = Object.values(resources(dev, 'AWS::Cognito::UserPool'));
    const props = pool!.Properties;
    expect(props.UsernameAttributes).toEqual(['email']);
    expect(props.AdminCreateUserConfig.AllowAdminCreateUserOnly).toBe(false);
    expect(props.Policies.PasswordPolicy.MinimumLength).toBe(8);
    expect(props.AccountRecoverySetting.RecoveryMechanisms).toEqual([{ Name: 'verified_email', Priority: 1 }]);
    expect(Object.keys(props.LambdaConfig).sort()).toEqual(['CustomMessage', 'PostAuthentication', 'PreSignUp']);

    const lambdas = resources(dev, 'AWS::Lambda::Function');
    const permissions = Object.values(resources(dev, 'AWS::Lambda::Permission'));
    const poolId = dev.stack.getLogicalId(dev.stack.auth.userPool.node.defaultChild as CfnElement);
    for (const [trigger, fn] of [
      ['PreSignUp', dev.stack.auth.preSignUp],
      ['CustomMessage', dev.stack.auth.customMessage],
      ['PostAuthentication', dev.stack.auth.postAuthentication],
    ] as const) {
      const functionId = logicalId(dev, fn);
      const functionName = lambdas[functionId]!.Properties.FunctionName as string;
      // The pool names the trigger by ARN (breaks the pool ↔ trigger environment cycle).
      expect(JSON.stringify(props.LambdaConfig[trigger]), trigger).toContain(`:function:${functionName}"`);
      // Cognito, and only this pool, may invoke it.
      const permission = permissions.find((p) => refId(p.Properties.FunctionName) === functionId);
      expect(permission?.Properties.Principal, trigger).toBe('cognito-idp.amazonaws.com');
      expect(refId(permission?.Properties.SourceArn), trigger).toBe(poolId);
    }
    // The reset link is built from SITE_URL.
    const customMessageEnv = lambdas[logicalId(dev, dev.stack.auth.customMessage)]!.Properties.Environment.Variables;
    expect(JSON.stringify(customMessageEnv.SITE_URL)).toContain('https://');
  });

  it('web client: no secret, SRP and password flows, refresh tokens, no OAuth', () => {
    const [client] = Object.values(resources(dev, 'AWS::Cognito::UserPoolClient'));
    const props = client!.Properties;
    expect(props.GenerateSecret).toBe(false);
    expect([...props.ExplicitAuthFlows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH']);
    expect(props.PreventUserExistenceErrors).toBe('ENABLED');
    expect(props.AllowedOAuthFlowsUserPoolClient).toBe(false);
  });

  it('prod protects the user pool', () => {
    const [pool] = Object.values(resources(prod, 'AWS::Cognito::UserPool'));
    expect(pool!.Properties.DeletionProtection).toBe('ACTIVE');
    expect(pool!.DeletionPolicy).toBe('Retain');
  });
});

describe('data', () => {
  it('single table from tableKeys: pk/sk, gsi1, ttl, PITR, on-demand, encrypted', () => {
    for (const s of [dev, prod]) {
      const tables = Object.values(resources(s, 'AWS::DynamoDB::Table'));
      expect(tables).toHaveLength(1);
      const props = tables[0]!.Properties;
      expect(props.KeySchema).toEqual([
        { AttributeName: tableKeys.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableKeys.sortKey, KeyType: 'RANGE' },
      ]);
      expect(props.GlobalSecondaryIndexes).toEqual([
        {
          IndexName: tableKeys.gsi1.name,
          KeySchema: [
            { AttributeName: tableKeys.gsi1.partitionKey, KeyType: 'HASH' },
            { AttributeName: tableKeys.gsi1.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ]);
      expect(props.TimeToLiveSpecification).toEqual({ AttributeName: tableKeys.ttl, Enabled: true });
      expect(props.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
      expect(props.BillingMode).toBe('PAY_PER_REQUEST');
      expect(props.SSESpecification.SSEEnabled).toBe(true);
    }
  });

  it('prod retains the table with deletion protection; dev may delete it', () => {
    const [prodTable] = Object.values(resources(prod, 'AWS::DynamoDB::Table'));
    expect(prodTable!.DeletionPolicy).toBe('Retain');
    expect(prodTable!.UpdateReplacePolicy).toBe('Retain');
    expect(prodTable!.Properties.DeletionProtectionEnabled).toBe(true);
    const [devTable] = Object.values(resources(dev, 'AWS::DynamoDB::Table'));
    expect(devTable!.DeletionPolicy).toBe('Delete');
  });

  it('every bucket blocks public access, is encrypted and refuses plain HTTP', () => {
    for (const s of [dev, prod]) {
      const buckets = resources(s, 'AWS::S3::Bucket');
      const policies = Object.values(resources(s, 'AWS::S3::BucketPolicy'));
      expect(Object.keys(buckets).length).toBeGreaterThanOrEqual(3);
      for (const [id, bucket] of Object.entries(buckets)) {
        expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm, id).toBe('AES256');
        const policy = policies.find((p) => refId(p.Properties.Bucket) === id);
        const statements = (policy?.Properties.PolicyDocument.Statement ?? []) as Record<string, any>[];
        const tlsOnly = statements.some((st) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false' && st.Action === 's3:*');
        expect(tlsOnly, `${id} has a TLS-only policy`).toBe(true);
      }
    }
  });

  it('the uploads bucket is the one Lambdas get, logs its access and lets only the site upload (CORS)', () => {
    const uploadsId = dev.stack.getLogicalId(dev.stack.data.uploads.node.defaultChild as CfnElement);
    const lambdas = resources(dev, 'AWS::Lambda::Function');
    for (const { name, fn } of appFunctions(dev)) {
      expect(refId(lambdas[logicalId(dev, fn)]!.Properties.Environment.Variables.UPLOADS_BUCKET), name).toBe(uploadsId);
    }
    const uploads = resources(dev, 'AWS::S3::Bucket')[uploadsId]!;
    expect(uploads.Properties.LoggingConfiguration.DestinationBucketName).toBeDefined();
    expect(uploads.Properties.VersioningConfiguration).toBeUndefined();
    const [cors] = uploads.Properties.CorsConfiguration.CorsRules;
    expect(cors.AllowedOrigins).toHaveLength(1);
    expect(JSON.stringify(cors.AllowedOrigins[0])).toContain('https://');
    const prodUploads = resources(prod, 'AWS::S3::Bucket')[prod.stack.getLogicalId(prod.stack.data.uploads.node.defaultChild as CfnElement)]!;
    expect(prodUploads.DeletionPolicy).toBe('Retain');
  });

  it('dev empties its buckets on deletion, prod never does', () => {
    expect(Object.keys(dev.template.findResources('Custom::S3AutoDeleteObjects')).length).toBeGreaterThan(0);
    expect(Object.keys(prod.template.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(0);
  });
});

/** A route in the main stack: its Lambda, role, policy, log group, invoke permission, integration and an API route per method. */
const RESOURCES_PER_ROUTE = 8;

describe('CloudFormation’s 500 resources a stack', () => {
  it('leave the main stack room for 20 more routes, each with a Lambda of its own: the consumers are a nested stack', () => {
    for (const s of [dev, prod]) {
      const count = Object.keys(s.mainTemplate.toJSON().Resources as object).length;
      expect(count + 20 * RESOURCES_PER_ROUTE, s.stack.stackName).toBeLessThanOrEqual(500);
    }
    const consumerStack = dev.stack.eventConsumers;
    for (const consumer of dev.stack.events.consumers.values()) expect(Stack.of(consumer.function)).toBe(consumerStack);
    expect(Object.keys(Template.fromStack(consumerStack).toJSON().Resources as object).length).toBeLessThan(400);
  });
});

describe('events', () => {
  it('has one bus', () => {
    expect(Object.keys(resources(dev, 'AWS::Events::EventBus'))).toHaveLength(1);
  });

  it.each(eventRules.map((rule) => [rule.id, rule] as const))('rule %s: matches its detail-type, targets its consumer with a DLQ', (_id, rule) => {
    const busId = dev.stack.getLogicalId(dev.stack.events.bus.node.defaultChild as CfnElement);
    const consumerId = logicalId(dev, dev.stack.events.consumers.get(rule.id)!);
    const matching = Object.values(resources(dev, 'AWS::Events::Rule')).filter(
      (r) =>
        JSON.stringify(r.Properties.EventPattern) === JSON.stringify({ source: [EVENT_SOURCE], 'detail-type': detailTypesOf(rule) }) &&
        r.Properties.Targets.some((t: Record<string, unknown>) => refId(t.Arn) === consumerId),
    );
    expect(matching).toHaveLength(1);
    const eventRule = matching[0]!;
    expect(refId(eventRule.Properties.EventBusName)).toBe(busId);

    const [target] = eventRule.Properties.Targets as Record<string, any>[];
    expect(target!.DeadLetterConfig?.Arn).toBeDefined();
    expect(target!.RetryPolicy.MaximumRetryAttempts).toBeGreaterThan(0);
    const queueId = refId(target!.DeadLetterConfig.Arn);
    const queue = resources(dev, 'AWS::SQS::Queue')[queueId]!;
    expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    const queuePolicy = Object.values(resources(dev, 'AWS::SQS::QueuePolicy')).find((p) =>
      (p.Properties.Queues as unknown[]).some((q) => refId(q) === queueId),
    );
    const statements = queuePolicy!.Properties.PolicyDocument.Statement as Record<string, any>[];
    expect(statements.some((st) => st.Effect === 'Deny' && st.Condition?.Bool?.['aws:SecureTransport'] === 'false')).toBe(true);
    expect(statements.some((st) => st.Effect === 'Allow' && st.Principal?.Service === 'events.amazonaws.com')).toBe(true);

    // A consumer that keeps throwing lands in the same DLQ (RELIABILITY 21).
    const invokeConfig = Object.values(resources(dev, 'AWS::Lambda::EventInvokeConfig')).find((c) => refId(c.Properties.FunctionName) === consumerId);
    expect(invokeConfig!.Properties.MaximumRetryAttempts).toBe(CONSUMER_RETRY_ATTEMPTS);
    expect(refId(invokeConfig!.Properties.DestinationConfig.OnFailure.Destination)).toBe(queueId);
  });
});

describe('web (CloudFront)', () => {
  const distribution = (s: SynthesizedStage) => Object.values(resources(s, 'AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;

  it('serves the private site bucket through Origin Access Control with index.html as root', () => {
    const config = distribution(dev);
    expect(config.DefaultRootObject).toBe('index.html');
    const siteBucketId = dev.stack.getLogicalId(dev.stack.web.bucket.node.defaultChild as CfnElement);
    const s3Origin = (config.Origins as Record<string, any>[]).find((o) => refId(o.DomainName) === siteBucketId);
    expect(s3Origin?.OriginAccessControlId).toBeDefined();
    expect(s3Origin?.S3OriginConfig?.OriginAccessIdentity).toBe('');
    expect(config.DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
  });

  it('routes /api/* to the HTTP API uncached, with every viewer header but Host', () => {
    const config = distribution(dev);
    const api = (config.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/api/*');
    expect(api).toBeDefined();
    expect(api!.CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId);
    expect(api!.OriginRequestPolicyId).toBe(cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId);
    expect(api!.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']));
    const origin = (config.Origins as Record<string, any>[]).find((o) => o.Id === api!.TargetOriginId);
    const apiId = dev.stack.getLogicalId(dev.stack.api.httpApi.node.defaultChild as CfnElement);
    expect(JSON.stringify(origin!.DomainName)).toContain(`"Ref":"${apiId}"`);
    expect(origin!.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only');
  });

  it('serves the pre-rendered public pages and the app shell on the site only, never rewriting API answers', () => {
    const config = distribution(dev);
    // No distribution-wide 403/404 → index.html: it would turn the API's 401/403/404 into a 200 page.
    expect(config.CustomErrorResponses).toBeUndefined();
    const [association] = config.DefaultCacheBehavior.FunctionAssociations as Record<string, any>[];
    expect(association!.EventType).toBe('viewer-request');
    const functions = resources(dev, 'AWS::CloudFront::Function');
    const fn = functions[refId(association!.FunctionARN)]!;
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fn.Properties.FunctionCode).toBe(SITE_REWRITE_FUNCTION_CODE);
    const api = (config.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/api/*');
    expect(api!.FunctionAssociations).toBeUndefined();

    const handler = new Function(`${fn.Properties.FunctionCode as string}; return handler;`)() as (event: {
      request: { uri: string; querystring: Record<string, { value: string }> };
    }) => { uri: string };
    const served = (uri: string, querystring: Record<string, { value: string }> = {}) => handler({ request: { uri, querystring } }).uri;
    expect(served('/')).toBe('/pages/home.html');
    expect(served('/how-it-works')).toBe('/pages/how-it-works.html');
    expect(served('/pricing')).toBe('/pages/pricing.html');
    expect(served('/pricing/')).toBe('/index.html');
    expect(served('/dashboard')).toBe('/pages/app/dashboard.html');
    expect(served('/dashboard/')).toBe('/index.html');
    // A query opens the page otherwise than its shell draws it (another section, step or week): the bare app answers.
    expect(served('/settings', { section: { value: 'billing' } })).toBe('/index.html');
    expect(siteFileFor('/settings', '?section=billing')).toBe('index.html');
    expect(served('/reset-password')).toBe('/index.html');
    expect(served('/setup/step/2')).toBe('/index.html');
    expect(served('/constructor')).toBe('/index.html');
    expect(served('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(served('/config.json')).toBe('/config.json');
    expect(served('/favicon.svg')).toBe('/favicon.svg');
    // The local server makes the same choice from the same table.
    for (const uri of [
      '/',
      '/how-it-works',
      '/pricing',
      '/pricing/',
      '/dashboard',
      '/diary',
      '/settings',
      '/constructor',
      '/assets/index-abc123.js',
      '/favicon.svg',
    ]) {
      expect(served(uri)).toBe(`/${siteFileFor(uri)}`);
    }
    expect(served('/api/salon')).toBe('/api/salon');
  });

  it('sends security headers on the site and the API', () => {
    const config = distribution(dev);
    const policies = resources(dev, 'AWS::CloudFront::ResponseHeadersPolicy');
    const policyId = refId(config.DefaultCacheBehavior.ResponseHeadersPolicyId);
    const api = (config.CacheBehaviors as Record<string, any>[]).find((b) => b.PathPattern === '/api/*');
    expect(refId(api!.ResponseHeadersPolicyId)).toBe(policyId);
    const headers = policies[policyId]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    expect(headers.StrictTransportSecurity.AccessControlMaxAgeSec).toBeGreaterThanOrEqual(31536000);
    expect(headers.StrictTransportSecurity.IncludeSubdomains).toBe(true);
    expect(headers.ContentTypeOptions.Override).toBe(true);
    expect(headers.FrameOptions.FrameOption).toBe('DENY');
    expect(headers.ReferrerPolicy.ReferrerPolicy).toBe('strict-origin-when-cross-origin');
    const csp = headers.ContentSecurityPolicy.ContentSecurityPolicy as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/connect-src [^;]*https:\/\/cognito-idp\.eu-west-1\.amazonaws\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(csp).toContain(`script-src 'self' ${INLINE_SCRIPT_HASHES};`);
    expect(INLINE_SCRIPT_HASHES).toContain(SIGNED_IN_REDIRECT_HASH);
  });

  it('logs viewer requests', () => {
    expect(distribution(dev).Logging.Bucket).toBeDefined();
  });
});

describe('admin function', () => {
  it('has a fixed name and no way in except IAM (no URL, no API route, no resource policy)', () => {
    const s = dev;
    const functionId = logicalId(s, s.stack.admin.assignPhoneNumber);
    const fn = resources(s, 'AWS::Lambda::Function')[functionId]!;
    expect(fn.Properties.FunctionName).toBe('salon-receptionist-dev-assign-phone-number');
    expect(Object.keys(resources(s, 'AWS::Lambda::Url'))).toHaveLength(0);
    const permissions = Object.values(resources(s, 'AWS::Lambda::Permission'));
    expect(permissions.filter((p) => refId(p.Properties.FunctionName) === functionId)).toHaveLength(0);
    const integrations = Object.values(resources(s, 'AWS::ApiGatewayV2::Integration'));
    expect(integrations.filter((i) => refId(i.Properties.IntegrationUri) === functionId)).toHaveLength(0);
  });
});

describe('the sweeps', () => {
  it.each([
    ['booking', (s: SynthesizedStage) => s.stack.jobs.sweepBookings],
    ['call', (s: SynthesizedStage) => s.stack.jobs.sweepCalls],
    ['reminder', (s: SynthesizedStage) => s.stack.jobs.sendReminders],
  ] as const)('the %s job runs on EventBridge Scheduler every few minutes, with an alarm when it keeps failing', (_name, sweep) => {
    const s = dev;
    const functionId = logicalId(s, sweep(s));
    const schedules = Object.values(resources(s, 'AWS::Scheduler::Schedule')).filter((schedule) => refId(schedule.Properties.Target.Arn) === functionId);
    expect(schedules).toHaveLength(1);
    const [schedule] = schedules;
    expect(schedule!.Properties.ScheduleExpression).toBe(`rate(${SWEEP_EVERY_MINUTES} minutes)`);
    expect(schedule!.Properties.State).toBe('ENABLED');
    expect(schedule!.Properties.Target.RetryPolicy).toMatchObject({ MaximumRetryAttempts: 0 });
    const alarms = Object.values(resources(s, 'AWS::CloudWatch::Alarm')).filter((alarm) =>
      (alarm.Properties.Dimensions as { Value: unknown }[] | undefined)?.some((dimension) => refId(dimension.Value) === functionId),
    );
    expect(alarms.map((alarm) => alarm.Properties.MetricName)).toEqual(['Errors']);
  });

  it('are the only schedules', () => {
    const targets = Object.values(resources(dev, 'AWS::Scheduler::Schedule')).map((schedule) => refId(schedule.Properties.Target.Arn));
    expect(targets.sort()).toEqual(
      [dev.stack.jobs.sweepBookings, dev.stack.jobs.sweepCalls, dev.stack.jobs.sendReminders, dev.stack.jobs.watchNumbers]
        .map((job) => logicalId(dev, job))
        .sort(),
    );
  });

  it("watch the number pool: its level line feeds an alarm below the stage's low mark (a silent job breaches it) and one whenever a salon waits", () => {
    for (const [s, low] of [
      [dev, 2],
      [prod, 10],
    ] as const) {
      const alarms = Object.values(resources(s, 'AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties);
      const poolLow = alarms.find((alarm) => alarm.AlarmName === `salon-receptionist-${s === dev ? 'dev' : 'prod'}-number-pool-low`)!;
      expect(poolLow).toMatchObject({
        MetricName: 'FreeNumbers',
        Threshold: low,
        ComparisonOperator: 'LessThanThreshold',
        TreatMissingData: 'breaching',
        Statistic: 'Minimum',
      });
      const waiting = alarms.find((alarm) => alarm.AlarmName === `salon-receptionist-${s === dev ? 'dev' : 'prod'}-salon-waiting-for-number`)!;
      expect(waiting).toMatchObject({ MetricName: 'SalonsWaitingForNumber', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
      const filters = Object.values(resources(s, 'AWS::Logs::MetricFilter')).map((filter) => filter.Properties);
      const free = filters.find((filter) => filter.MetricTransformations[0].MetricName === 'FreeNumbers')!;
      expect(free).toMatchObject({ FilterPattern: '{ $.message = "number pool level" }', MetricTransformations: [{ MetricValue: '$.free' }] });
      expect(free.LogGroupName).toEqual({ Ref: s.stack.getLogicalId(s.stack.jobs.watchNumbers.logGroup.node.defaultChild as CfnElement) });
    }
  });
});

describe('cdk-nag (AwsSolutions)', () => {
  it('runs on the stack', () => {
    expect(Aspects.of(dev.stack).all.some((aspect) => aspect instanceof AwsSolutionsChecks)).toBe(true);
  });

  it('has no unsuppressed errors or warnings in dev or prod', () => {
    expect(nagFindings(dev.annotations, 'error')).toEqual([]);
    expect(nagFindings(prod.annotations, 'error')).toEqual([]);
    expect(nagFindings(dev.annotations, 'warning')).toEqual([]);
    expect(nagFindings(prod.annotations, 'warning')).toEqual([]);
  });

  it('warns clearly when there is no web build instead of failing', () => {
    const warnings = dev.annotations.findWarning('*', Match.stringLikeRegexp('web app is NOT deployed'));
    expect(warnings).toHaveLength(1);
    expect(Object.keys(dev.template.findResources('Custom::CDKBucketDeployment'))).toHaveLength(0);
  });
});
