import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

/**
 * Price-list extraction model (context `bedrockModelId`); `none` turns Bedrock off (offline parser
 * only). Claude Haiku 4.5 through its EU cross-region inference profile: the geographic inference
 * id AWS's model card gives for it
 * (https://docs.aws.amazon.com/bedrock/latest/userguide/model-card-anthropic-claude-haiku-4-5.html),
 * routed to EU regions only. Claude 3 Haiku, the default before, reached its end of life on
 * 10 September 2026, after which every import fell back to the offline reader.
 */
export const DEFAULT_BEDROCK_MODEL_ID = 'eu.anthropic.claude-haiku-4-5-20251001-v1:0';
export const NO_BEDROCK_MODEL = 'none';

/** A foundation model id (`anthropic.claude-haiku-4-5-20251001-v1:0`), or an EU cross-region inference profile `eu.anthropic.…`. */
const MODEL_ID = /^(?:[a-z]{2,6}\.)?[a-z0-9-]+\.[A-Za-z0-9.:_-]+$/;
/** Inference-profile prefixes; only `eu.` keeps requests in the EU (data stays in Europe). */
const PROFILE_PREFIX = /^(eu|us|us-gov|apac|ca|jp|au|global)\./;

export interface BedrockModel {
  /** What the Lambda receives as BEDROCK_MODEL_ID and passes to Converse. */
  readonly modelId: string;
  /** New statements (one set per role): `bedrock:InvokeModel`, which also authorises Converse, on exactly this model. */
  statements(): iam.PolicyStatement[];
  /** True for an inference profile, whose foundation-model resource names every EU region. */
  readonly crossRegion: boolean;
}

/** Checks a `bedrockModelId` context value; undefined means no Bedrock at all. */
export function parseBedrockModelId(value: string | undefined): string | undefined {
  const modelId = (value ?? DEFAULT_BEDROCK_MODEL_ID).trim();
  if (modelId === NO_BEDROCK_MODEL) return undefined;
  if (!MODEL_ID.test(modelId)) {
    throw new Error(`bedrockModelId "${modelId}" is not a Bedrock model id (like ${DEFAULT_BEDROCK_MODEL_ID}) or "${NO_BEDROCK_MODEL}"`);
  }
  const prefix = PROFILE_PREFIX.exec(modelId)?.[1];
  if (prefix && prefix !== 'eu') {
    throw new Error(`bedrockModelId "${modelId}": only EU inference profiles (eu.…) keep price lists in Europe`);
  }
  return modelId;
}

/**
 * The IAM statements for one model in the stack's region. A foundation model id names one ARN
 * (`arn:aws:bedrock:eu-west-1::foundation-model/<id>`). An EU inference profile (`eu.<id>`) needs
 * the profile itself plus the foundation model in the EU regions it routes to, and only through
 * that profile.
 */
export function bedrockModel(scope: IConstruct, modelId: string): BedrockModel {
  const stack = Stack.of(scope);
  const actions = ['bedrock:InvokeModel'];
  if (!modelId.startsWith('eu.')) {
    const arn = `arn:${stack.partition}:bedrock:${stack.region}::foundation-model/${modelId}`;
    return { modelId, crossRegion: false, statements: () => [new iam.PolicyStatement({ actions, resources: [arn] })] };
  }
  const profileArn = `arn:${stack.partition}:bedrock:${stack.region}:${stack.account}:inference-profile/${modelId}`;
  const baseModelId = modelId.slice('eu.'.length);
  return {
    modelId,
    crossRegion: true,
    statements: () => [
      new iam.PolicyStatement({ actions, resources: [profileArn] }),
      new iam.PolicyStatement({
        actions,
        resources: [`arn:${stack.partition}:bedrock:eu-*::foundation-model/${baseModelId}`],
        conditions: { StringEquals: { 'bedrock:InferenceProfileArn': profileArn } },
      }),
    ],
  };
}

/** cdk-nag IAM5 finding of the EU inference profile's `eu-*` foundation-model resource. */
export const BEDROCK_PROFILE_WILDCARD = { regex: '/^Resource::arn:[^:]+:bedrock:eu-\\*::foundation-model\\/.+$/' };
