import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CfnElement } from 'aws-cdk-lib';
import { eventRules } from '../../events/rules.js';
import { nagFindings, statementsOfRole, synthStage, type SynthesizedStage } from './synth-stage.js';

/** Booking emails go out through SES from one verified sender, given as context `emailFrom`. */
let withSender: SynthesizedStage;
let withoutSender: SynthesizedStage;

beforeAll(() => {
  withSender = synthStage({ stage: 'dev', context: { emailFrom: 'bookings@salondesk.ie' } });
  withoutSender = synthStage({ stage: 'dev' });
});
afterAll(() => {
  withSender?.dispose();
  withoutSender?.dispose();
});

function consumer(s: SynthesizedStage, ruleId: string) {
  const fn = s.stack.events.consumers.get(ruleId)!;
  const functionId = s.stack.getLogicalId(fn.function.node.defaultChild as CfnElement);
  const resource = s.template.findResources('AWS::Lambda::Function')[functionId]!;
  const statements = statementsOfRole(s.template, s.stack.getLogicalId(fn.role.node.defaultChild as CfnElement));
  return { env: resource.Properties.Environment.Variables as Record<string, unknown>, statements };
}

const sesStatements = (statements: { Action: string | string[]; Resource?: unknown }[]) =>
  statements.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('ses:')));

describe('email sending', () => {
  const emailRules = eventRules.filter((rule) => rule.grants.includes('email:send')).map((rule) => rule.id);

  it('lets only the email consumers send, from the configured sender, and tells them who it is', () => {
    expect(emailRules.length).toBeGreaterThanOrEqual(4);
    for (const rule of eventRules) {
      const { env, statements } = consumer(withSender, rule.id);
      if (emailRules.includes(rule.id)) {
        expect(env.EMAIL_FROM, rule.id).toBe('bookings@salondesk.ie');
        const [ses] = sesStatements(statements);
        expect([ses!.Action].flat().sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
        expect(JSON.stringify(ses!.Resource)).toContain('identity/salondesk.ie');
      } else {
        expect(env.EMAIL_FROM, rule.id).toBeUndefined();
        expect(sesStatements(statements), rule.id).toEqual([]);
      }
    }
  });

  it('grants nothing without a sender, and cdk-nag stays clean either way', () => {
    for (const id of emailRules) {
      const { env, statements } = consumer(withoutSender, id);
      expect(env.EMAIL_FROM).toBeUndefined();
      expect(sesStatements(statements)).toEqual([]);
    }
    expect(nagFindings(withSender.annotations, 'error')).toEqual([]);
  });

  it("sends the user pool's emails (password resets) through SES from the sender's verified domain, not Cognito's few a day", () => {
    const [pool] = Object.values(withSender.template.findResources('AWS::Cognito::UserPool'));
    const email = pool!.Properties.EmailConfiguration;
    expect(email).toMatchObject({ EmailSendingAccount: 'DEVELOPER', From: 'SalonDesk <bookings@salondesk.ie>' });
    expect(JSON.stringify(email.SourceArn)).toContain(':ses:eu-west-1:');
    expect(JSON.stringify(email.SourceArn)).toContain('identity/salondesk.ie');
    const [defaultPool] = Object.values(withoutSender.template.findResources('AWS::Cognito::UserPool'));
    expect(defaultPool!.Properties.EmailConfiguration?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe('COGNITO_DEFAULT');
  });

  it('refuses a sender that is not an email address', () => {
    expect(() => synthStage({ stage: 'dev', context: { emailFrom: 'not-an-address' } })).toThrow(/emailFrom must be an email address/);
  });
});
