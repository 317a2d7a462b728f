#!/usr/bin/env node
/**
 * CDK entry (cdk.json: `npx tsx bin/app.ts`). One stack per stage in eu-west-1:
 *   npx cdk synth -c stage=dev
 *   npx cdk deploy -c stage=prod [-c siteUrl=https://app.example.ie]
 * cdk-nag AwsSolutions checks run on every synth; findings fail the synth.
 */
import { App } from 'aws-cdk-lib';
import { buildStack } from '../infra/app.js';

const app = new App();
buildStack(app);
app.synth();
