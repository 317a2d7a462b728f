import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CHECKLIST_STEPS, FORWARDING_CHECK_MINUTES, FORWARD_WHEN_LABELS } from '@functions/contracts/forwarding';
import { readinessMessage } from '@functions/contracts/go-live';
import type { ForwardWhen } from '@functions/contracts/setup';
import type { SalonAnswer } from '@functions/contracts/salon';
import { apiFetch } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';
import { salonQuery } from '../../lib/shared-queries';
import type { ReceptionistSwitch } from '../receptionist';
import { ContactSupport } from '../support';
import { irishDayOf, irishTimeOf } from '../../lib/irish-dates';

/** How long the dashboard keeps looking for the owner's check call (as long as the server counts one), every few seconds. */
const CHECK_WINDOW_MS = FORWARDING_CHECK_MINUTES * 60 * 1000;
const CHECK_POLL_MS = 3000;

/**
 * Going live, in the order that never turns a caller away (RELIABILITY 53): switch the
 * receptionist on, then forward the salon's line to it (the codes for the calls it should send),
 * then ring the salon's number to check, ticked off live when that call reaches the receptionist.
 * A salon that gives out its new number goes live and shares it.
 */
export function GoingLiveChecklist({ control }: { control: ReceptionistSwitch }) {
  const queryClient = useQueryClient();
  const { data: salon } = useQuery({
    ...salonQuery,
    refetchInterval: (query) => (checking(query.state.data) ? CHECK_POLL_MS : false),
  });
  const startCheck = useMutation({
    mutationFn: () => apiFetch<{ checkStartedAt: string }>('/api/agent/forwarding-check', { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.salon }),
  });
  if (!salon?.assigned_number_display) return null;
  const { readiness, forwarding } = salon;
  const wentLive = readiness.state === 'live' || readiness.state === 'paused';
  if (forwarding?.seen_at && wentLive) return <ForwardingWorks forwarding={forwarding} />;

  const goLive = (
    <Step done={wentLive} number={1} title="Switch your receptionist on">
      <p>{CHECKLIST_STEPS.goLive}</p>
      {!wentLive &&
        (readiness.missing.length ? (
          <ul className="ai-status-missing">
            {readiness.missing.map((item) => (
              <li key={item}>{readinessMessage(readiness, item)}</li>
            ))}
          </ul>
        ) : (
          <button type="button" className="button button-primary" onClick={() => void control.goLive()} disabled={control.working}>
            {control.working ? 'Going live…' : 'Go Live Now'}
          </button>
        ))}
    </Step>
  );

  return (
    <section className="card going-live" aria-labelledby="going-live-heading">
      <h2 id="going-live-heading">{forwarding ? "Send your salon's calls to your receptionist" : 'Give your clients your new number'}</h2>
      <ol className="checklist-steps">
        {goLive}
        {forwarding ? (
          <>
            <Step done={Boolean(forwarding.seen_at)} number={2} title={`Forward ${forwarding.line_display} to ${salon.assigned_number_display}`}>
              {wentLive && forwarding.codes ? (
                <>
                  <p>{CHECKLIST_STEPS.forward(forwarding.codes[forwarding.when], forwarding.when)}</p>
                  <ForwardingCodes forwarding={forwarding} />
                  <p className="field-hint">
                    These codes work on Eir, Vodafone and Three phones. On a landline, your provider may need to switch call forwarding on for the line first.
                  </p>
                </>
              ) : (
                <p>Switch your receptionist on first: forwarded callers then reach it straight away, instead of only leaving a message.</p>
              )}
            </Step>
            <Step done={Boolean(forwarding.seen_at)} number={3} title="Ring your salon number to check">
              <p>
                {CHECKLIST_STEPS.check}
                {forwarding.when === 'unanswered' ? ` ${CHECKLIST_STEPS.unansweredTip}` : ''}
              </p>
              {checking(salon) ? (
                <p role="status" className="alert alert-warning">
                  Waiting for your call: ring {forwarding.line_display} now.
                </p>
              ) : (
                <button type="button" className="button button-secondary" onClick={() => startCheck.mutate()} disabled={!wentLive || startCheck.isPending}>
                  {forwarding.check_started_at ? 'Check again' : "I'm ringing now"}
                </button>
              )}
              {forwarding.check_started_at && !checking(salon) && !forwarding.seen_at && (
                <p className="field-hint">
                  No call reached your receptionist. Check the code you dialled, or{' '}
                  <ContactSupport label="ask support" topic="forwarding" className="link-button" />.
                </p>
              )}
              {startCheck.isError && (
                <p className="alert alert-error" role="alert">
                  {startCheck.error.message}
                </p>
              )}
            </Step>
          </>
        ) : (
          <Step done={false} number={2} title={`Share ${salon.assigned_number_display}`}>
            <p>Put your receptionist&apos;s number on your website, your Google profile and your booking cards: it answers every call, day and night.</p>
          </Step>
        )}
      </ol>
      {!forwarding && (
        <p className="field-hint">
          Keeping your salon&apos;s own number? Choose &quot;Forward my existing number&quot; in <Link to="/settings?section=voice">Settings</Link>.
        </p>
      )}
    </section>
  );
}

/** The owner is ringing to check and no call has come yet (for a while). */
function checking(salon: SalonAnswer | undefined): boolean {
  const check = salon?.forwarding;
  if (!check?.check_started_at || check.seen_at) return false;
  return Date.now() - Date.parse(check.check_started_at) < CHECK_WINDOW_MS;
}

function Step({ done, number, title, children }: { done: boolean; number: number; title: string; children: ReactNode }) {
  return (
    <li className={`checklist-step${done ? ' checklist-step-done' : ''}`}>
      <span className="checklist-mark" aria-hidden="true">
        {done ? '✓' : number}
      </span>
      <div>
        <h3>
          {title}
          <span className="visually-hidden">{done ? ' (done)' : ' (to do)'}</span>
        </h3>
        {children}
      </div>
    </li>
  );
}

function ForwardingCodes({ forwarding }: { forwarding: NonNullable<SalonAnswer['forwarding']> }) {
  if (!forwarding.codes) return null;
  const order: ForwardWhen[] = forwarding.when === 'all' ? ['all', 'unanswered'] : ['unanswered', 'all'];
  return (
    <div className="forwarding-codes">
      {order.map((when) => (
        <div key={when} className="forwarding-code">
          <p className="field-hint">
            {FORWARD_WHEN_LABELS[when]}
            {when === forwarding.when ? ' (your choice)' : ''}
          </p>
          <p>
            Dial <code data-testid={`forward-code-${when}`}>{forwarding.codes![when].on}</code>
          </p>
          <p className="field-hint">
            To stop: <code>{forwarding.codes![when].off}</code>
          </p>
        </div>
      ))}
    </div>
  );
}

/** Once a call has come through the salon's line: the tick, and the codes kept at hand. */
function ForwardingWorks({ forwarding }: { forwarding: NonNullable<SalonAnswer['forwarding']> }) {
  const seen = forwarding.seen_at!;
  return (
    <section className="card going-live" aria-labelledby="forwarding-works-heading">
      <h2 id="forwarding-works-heading">Your salon&apos;s calls reach your receptionist</h2>
      <p className="alert alert-success" role="status" data-testid="forwarding-works">
        ✓ {forwarding.seen_from_display ? `A call from ${forwarding.seen_from_display}` : 'A call'} reached your receptionist
        {forwarding.via_carrier ? ` through ${forwarding.line_display}` : ''} on {irishDayOf(seen)} at {irishTimeOf(seen)}: forwarding works.
      </p>
      <details>
        <summary>Forwarding codes</summary>
        <ForwardingCodes forwarding={forwarding} />
      </details>
    </section>
  );
}
