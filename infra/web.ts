import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Duration, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { NagSuppressions } from 'cdk-nag';
import { Construct } from 'constructs';
import type { StageConfig } from './stage-config.js';
import { APP_SHELL, INLINE_SCRIPT_HASHES, PAGE_FILES, PRERENDERED_PAGES, SIGNED_IN_SHELLS } from '../web/site-files.js';

/** What the browser app reads from /config.json at start-up (ids only, no secrets). */
export interface WebRuntimeConfig {
  readonly region: string;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly authFlowType: 'USER_SRP_AUTH';
  readonly stage: string;
  /** Where salons reach us: every page that promises support shows it. */
  readonly supportEmail: string;
}

/**
 * Which file answers a path (web/site-files.ts), as a viewer-request function on the site
 * behaviour only: a pre-rendered public page its HTML file, a signed-in page's path without a query its
 * shell, any other path without a file
 * extension (`/dashboard`, `/reset-password`) the app shell `/index.html`. Distribution-wide
 * custom error responses (403/404 → /index.html) are deliberately not used: they would also turn
 * the API's own 401/403/404 answers under /api/* into a 200 HTML page.
 */
export const SITE_REWRITE_FUNCTION_CODE = `var PAGES = ${JSON.stringify(PRERENDERED_PAGES)};
var SHELLS = ${JSON.stringify(SIGNED_IN_SHELLS)};
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.indexOf('/api/') === 0) return request;
  if (Object.prototype.hasOwnProperty.call(PAGES, uri)) {
    request.uri = '/' + PAGES[uri];
    return request;
  }
  if (Object.prototype.hasOwnProperty.call(SHELLS, uri) && Object.keys(request.querystring || {}).length === 0) {
    request.uri = '/' + SHELLS[uri];
    return request;
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) request.uri = '/${APP_SHELL}';
  return request;
}`;

export function contentSecurityPolicy(region: string): string {
  const cognito = `https://cognito-idp.${region}.amazonaws.com`;
  return [
    "default-src 'self'",
    // The pre-rendered home page's inline script and the signed-in shells' one, by their hashes.
    `script-src 'self' ${INLINE_SCRIPT_HASHES}`,
    // UI libraries set inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Same-origin /api, Cognito for sign-in, Twilio for the browser test call.
    `connect-src 'self' ${cognito} https://*.twilio.com wss://*.twilio.com`,
    // Voice previews and the test call's audio.
    "media-src 'self' blob: data: https:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

export interface WebProps {
  readonly config: StageConfig;
  /** Host name of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`). */
  readonly apiDomainName: string;
  /** Receives CloudFront standard logs and the site bucket's server access logs. */
  readonly logsBucket: s3.IBucket;
}

/**
 * The React app: a private bucket behind CloudFront (Origin Access Control), with /api/* routed
 * to the HTTP API so the browser only ever talks to its own origin.
 */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly headers: cloudfront.ResponseHeadersPolicy;
  private readonly config: StageConfig;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { config } = props;
    this.config = config;

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.logsBucket,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: config.autoDeleteObjects,
    });

    this.headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Security headers (${config.stage})`,
      securityHeadersBehavior: {
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(Stack.of(this).region), override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          // The browser test call needs the microphone; nothing else does.
          { header: 'Permissions-Policy', value: 'camera=(), geolocation=(), payment=(), microphone=(self)', override: true },
        ],
      },
    });

    const siteRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Public pages serve their pre-rendered HTML; other extension-less paths the app shell',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SITE_REWRITE_FUNCTION_CODE),
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      readTimeout: Duration.seconds(30),
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Salon receptionist (${config.stage})`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Edge locations in Europe and North America: the customers are in Ireland.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.headers,
        compress: true,
        functionAssociations: [{ function: siteRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: this.headers,
          compress: true,
        },
      },
    });

    NagSuppressions.addResourceSuppressions(this.distribution, [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'No geo restriction: salon owners travel and the product is an internet-facing SaaS; data residency is about storage (eu-west-1), not viewers.',
      },
      {
        id: 'AwsSolutions-CFR2',
        reason:
          'No WAF web ACL yet (cost); the API is throttled per stage and every /api route validates input and auth. A WAF can be attached when traffic justifies it.',
      },
      {
        id: 'AwsSolutions-CFR4',
        reason:
          'The distribution uses the default *.cloudfront.net certificate, for which CloudFront fixes the viewer TLS policy; a custom domain with an ACM certificate and TLSv1.2_2021 is the path to change it.',
      },
    ]);
  }

  /** `https://<distribution domain>`. */
  get siteUrl(): string {
    return `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Uploads the built site (`web/dist`: the app shell, the pre-rendered public pages and the
   * signed-in pages' shells under `pages/`, hashed `assets/`) and a generated `config.json`. Hashed files are cached for a year;
   * the HTML and `config.json` are revalidated every time.
   * Old hashed assets are kept (no prune) so a browser holding an older index.html still loads.
   * Without a build, nothing is deployed and synth warns.
   */
  deploy(webDistDir: string, runtimeConfig: WebRuntimeConfig): void {
    // Every page file the rewrite function names must be there: a missing one would answer its path with S3's 403.
    if (!existsSync(path.join(webDistDir, 'index.html')) || !Object.values(PAGE_FILES).every((file) => existsSync(path.join(webDistDir, file)))) {
      Annotations.of(this).addWarningV2(
        'salon:web-dist-missing',
        `${webDistDir} has no complete build: the web app is NOT deployed. Run \`npm run build:web\` before \`cdk deploy\`.`,
      );
      return;
    }

    // One log group for the (shared, singleton) deployment handler, with the stage's retention.
    const logGroup = new logs.LogGroup(this, 'DeployLogs', {
      retention: this.config.logRetention,
      removalPolicy: this.config.removalPolicy,
    });
    let assets: s3deploy.BucketDeployment | undefined;
    const assetsDir = path.join(webDistDir, 'assets');
    if (existsSync(assetsDir)) {
      assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        sources: [s3deploy.Source.asset(assetsDir)],
        destinationBucket: this.bucket,
        destinationKeyPrefix: 'assets/',
        prune: false,
        cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
        memoryLimit: 256,
        logGroup,
      });
    }

    const entry = new s3deploy.BucketDeployment(this, 'DeploySite', {
      sources: [s3deploy.Source.asset(webDistDir, { exclude: ['assets', 'assets/**', 'config.json'] }), s3deploy.Source.jsonData('config.json', runtimeConfig)],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 256,
      logGroup,
    });
    // No page may point at assets that are not uploaded yet.
    if (assets) entry.node.addDependency(assets);
  }
}
