import { describe, expect, it } from 'vitest';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { api, signIn, signUpOwner } from '../support/owners.js';
import { localAwsCredentials, standIns } from '../support/stand-ins.js';

describe('GET /api/salon', () => {
  it('creates the owner salon on first use, named after the email, and finds the same one again', async () => {
    const owner = await signUpOwner('salon');
    const first = await api('/api/salon', { token: owner.accessToken });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ owner_id: owner.userId, name: owner.email, phone: null });
    expect(first.body.id).toMatch(/^sal_/);
    const again = await api('/api/salon', { token: owner.accessToken });
    expect(again.body.id).toBe(first.body.id);
    // Owner notices (new bookings) go to the login's email, kept on the salon.
    const [profile] = await standIns().salonItems(first.body.id);
    expect(profile).toMatchObject({ sk: 'PROFILE', ownerEmail: owner.email });
  });

  it("keeps the owner's login email on the profile at every sign-in (a salon made without it, an address changed)", async () => {
    const owner = await signUpOwner('email-sync');
    const salon = await api('/api/salon', { token: owner.accessToken });
    const { env } = standIns();
    const table = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: env.DYNAMODB_ENDPOINT, region: 'eu-west-1', credentials: localAwsCredentials() }));
    await table.send(
      new UpdateCommand({ TableName: env.TABLE_NAME, Key: { pk: `SALON#${salon.body.id}`, sk: 'PROFILE' }, UpdateExpression: 'REMOVE ownerEmail' }),
    );
    await signIn(owner.email, owner.password);
    const [profile] = await standIns().salonItems(salon.body.id);
    expect(profile).toMatchObject({ sk: 'PROFILE', ownerEmail: owner.email });
  });

  it('creates exactly one salon when first requests race', async () => {
    const owner = await signUpOwner('race');
    const answers = await Promise.all(Array.from({ length: 10 }, () => api('/api/salon', { token: owner.accessToken })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
  });

  it('gives each owner their own salon only', async () => {
    const [aoife, brian] = await Promise.all([signUpOwner('aoife'), signUpOwner('brian')]);
    const [a, b] = await Promise.all([api('/api/salon', { token: aoife.accessToken }), api('/api/salon', { token: brian.accessToken })]);
    expect(a.body.id).not.toBe(b.body.id);
    expect(a.body.owner_id).toBe(aoife.userId);
    expect(b.body.owner_id).toBe(brian.userId);
  });

  it('refuses salon ids in the query string (unknown parameters): the salon comes from the token', async () => {
    const [aoife, brian] = await Promise.all([signUpOwner('q-a'), signUpOwner('q-b')]);
    const brianSalon = await api('/api/salon', { token: brian.accessToken });
    const answer = await api(`/api/salon?salon_id=${brianSalon.body.id}&owner_id=${brian.userId}`, { token: aoife.accessToken });
    expect(answer).toMatchObject({ status: 400, body: { error: 'Unknown query parameter(s): salon_id, owner_id' } });
    expect(answer.text).not.toContain(brianSalon.body.id);
    expect((await api('/api/salon', { token: aoife.accessToken })).body.owner_id).toBe(aoife.userId);
  });

  it('answers the health check without a token', async () => {
    const answer = await api('/api/health');
    expect(answer).toMatchObject({ status: 200, body: { status: 'ok', stage: 'local' } });
  });
});
