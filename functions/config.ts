import { z } from 'zod';

/**
 * Runtime configuration, parsed once per cold start. In AWS the CDK stack sets these; locally
 * bin/local.ts sets them before loading any handler. Only names and ARNs live here, never secrets.
 */
const configSchema = z
  .object({
    STAGE: z.string().min(1).default('local'),
    AWS_REGION: z.string().min(1).default('eu-west-1'),
    TABLE_NAME: z.string().min(1),
    UPLOADS_BUCKET: z.string().min(1),
    EVENT_BUS_NAME: z.string().min(1),
    USER_POOL_ID: z.string().min(1),
    USER_POOL_CLIENT_ID: z.string().min(1),
    SITE_URL: z.url(),
    /** Local stand-in endpoints; absent in AWS. */
    DYNAMODB_ENDPOINT: z.url().optional(),
    S3_ENDPOINT: z.url().optional(),
    COGNITO_ENDPOINT: z.url().optional(),
    EVENTBRIDGE_ENDPOINT: z.url().optional(),
  })
  .superRefine((config, ctx) => {
    if (config.STAGE !== 'prod') return;
    // A production stage must never run against local stand-ins or sandboxes.
    for (const key of ['DYNAMODB_ENDPOINT', 'S3_ENDPOINT', 'COGNITO_ENDPOINT', 'EVENTBRIDGE_ENDPOINT'] as const) {
      if (config[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'local endpoint not allowed in prod' });
    }
    if (config.USER_POOL_ID.startsWith('local_')) {
      ctx.addIssue({ code: 'custom', path: ['USER_POOL_ID'], message: 'local user pool not allowed in prod' });
    }
    if (!config.SITE_URL.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['SITE_URL'], message: 'prod site must be served over https' });
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}

let cached: Config | undefined;

export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** Tests and the local runtime change the environment between runs. */
export function resetConfig(): void {
  cached = undefined;
}
