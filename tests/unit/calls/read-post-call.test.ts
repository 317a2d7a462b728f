import { describe, expect, it } from 'vitest';
import { readPostCall } from '../../../functions/providers/elevenlabs-post-call.js';

const SID = `CA${'b'.repeat(32)}`;
const payload = (metadata: Record<string, unknown>, variables: Record<string, unknown>) => ({
  type: 'post_call_transcription',
  data: { agent_id: 'agent_1', conversation_id: 'conv_1', transcript: [], metadata, conversation_initiation_client_data: { dynamic_variables: variables } },
});

describe("the post-call webhook's call SID", () => {
  it("is the phone call's own when ElevenLabs sends it", () => {
    expect(readPostCall(payload({ phone_call: { call_sid: SID } }, { salon_id: 'sal_1', call_sid: 'CAother' }))?.callSid).toBe(SID);
  });

  it('is the call_sid variable we registered the call with when the metadata has none (calls we register ourselves)', () => {
    expect(readPostCall(payload({}, { salon_id: 'sal_1', call_sid: SID }))?.callSid).toBe(SID);
  });

  it("falls back to ElevenLabs' own system variable, and is null when nothing names the call", () => {
    expect(readPostCall(payload({}, { system__call_sid: SID }))?.callSid).toBe(SID);
    expect(readPostCall(payload({}, {}))?.callSid).toBeNull();
  });
});
