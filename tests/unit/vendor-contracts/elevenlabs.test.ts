import { ElevenLabsEnvironment, type ElevenLabs } from '@elevenlabs/elevenlabs-js';
import * as serialization from '@elevenlabs/elevenlabs-js/serialization/index.js';
import { TtsConversationalModel } from '@elevenlabs/elevenlabs-js/api/types/TtsConversationalModel.js';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_LABELS } from '../../../functions/contracts/voice-settings.js';
import { callVariables } from '../../../functions/core/telephony/inbound-call.js';
import { buildAgentDefinition, TOOL_HEADER_VARIABLES } from '../../../functions/core/voice-agent/agent-config.js';
import { CALL_VARIABLES } from '../../../functions/core/voice-agent/call-variables.js';
import {
  agentRequest,
  mergedPlatformSettings,
  registerCallBody,
  toolRequest,
  TTS_MODEL_BY_LANGUAGE,
  ttsModelFor,
  TWILIO_AUDIO_FORMAT,
} from '../../../functions/providers/elevenlabs-agent-requests.js';
import { ELEVENLABS_EU_API_ROOT } from '../../../functions/providers/elevenlabs-residency.js';
import { FIXTURE_SALONS } from '../voice-agent/fixture-salons.js';

/**
 * Every request we build for ElevenLabs, through the SDK's own serializers in strict mode: an
 * unknown key or enum value fails here, where the SDK would strip it on the way out and the
 * platform would never see what we meant. A drift of the SDK (an upgrade) fails here too.
 */
const STRICT = { unrecognizedObjectKeys: 'fail', allowUnrecognizedEnumValues: false, allowUnrecognizedUnionMembers: false, skipValidation: false } as const;
const SITE = 'https://app.salondesk.ie';
const VOICE_IDS = { labhaoise: 'el_labhaoise', niamh: 'el_niamh', becky: 'el_becky', emily: 'el_emily', juniper: 'el_juniper' };
const CALL_SID = `CA${'a'.repeat(32)}`;

function valid<T>(result: { ok: true; value: T } | { ok: false; errors: { path: string[]; message: string }[] }): T {
  if (!result.ok) throw new Error(result.errors.map((error) => `${error.path.join('.')}: ${error.message}`).join('\n'));
  return result.value;
}

describe.each(Object.entries(FIXTURE_SALONS))('what we send ElevenLabs for %s', (_name, fixture) => {
  const definition = buildAgentDefinition(fixture.salon, fixture.setup, SITE);
  const create = agentRequest(definition, ['tool_1', 'tool_2'], VOICE_IDS);

  it('creates an agent the SDK serializes strictly, speaking and listening in μ-law 8 kHz with the model of its language', () => {
    const raw = valid(serialization.conversationalAi.BodyCreateAgentV1ConvaiAgentsCreatePost.json(create, STRICT));
    expect(raw.conversation_config?.tts).toMatchObject({ model_id: TTS_MODEL_BY_LANGUAGE[definition.language], agent_output_audio_format: 'ulaw_8000' });
    expect(raw.conversation_config?.asr).toMatchObject({ user_input_audio_format: 'ulaw_8000' });
  });

  it('updates it with the same configuration', () => {
    const { name, conversationConfig, platformSettings } = create;
    valid(serialization.conversationalAi.UpdateAgentRequest.json({ name, conversationConfig, platformSettings }, STRICT));
  });

  it("merges our platform settings over an agent as GET answers it (an operator's settings kept, answered-only fields left out) into an update the SDK serializes strictly", () => {
    const answered = valid(
      serialization.GetAgentResponseModel.parse(
        {
          agent_id: 'agent_1',
          name: 'Salon',
          conversation_config: {},
          metadata: { created_at_unix_secs: 1, updated_at_unix_secs: 2 },
          tags: [],
          platform_settings: {
            privacy: { record_voice: true, retention_days: 30, delete_audio: true },
            call_limits: { agent_concurrency_limit: 2, bursting_enabled: true },
            summary_language: 'en',
            safety: { is_blocked_ivc: false },
          },
        },
        { ...STRICT, unrecognizedObjectKeys: 'passthrough' },
      ),
    );
    const merged = mergedPlatformSettings(answered.platformSettings, create.platformSettings!);
    const raw = valid(serialization.conversationalAi.UpdateAgentRequest.json({ platformSettings: merged }, STRICT));
    expect(raw.platform_settings).toEqual({
      privacy: { record_voice: definition.retention.recordVoice, retention_days: definition.retention.conversationDays, delete_audio: true },
      call_limits: { agent_concurrency_limit: -1, bursting_enabled: false },
      queueing_config: { enabled: false },
      summary_language: 'en',
    });
  });

  it('defines every tool as a webhook the SDK serializes strictly, with our call SID variable in its headers', () => {
    for (const tool of definition.tools) {
      const raw = valid(serialization.ToolRequestModel.json(toolRequest(tool, 'secret_1', definition.limits.toolTimeoutSeconds), STRICT));
      expect(raw.tool_config).toMatchObject({ type: 'webhook', api_schema: { request_headers: { 'X-Call-Sid': { variable_name: CALL_VARIABLES.callSid } } } });
    }
  });

  it('registers a call with a body the SDK parses strictly, carrying every variable the agent declares', () => {
    const variables = callVariables(
      fixture.salon.id,
      { callSid: CALL_SID, from: '+353871234567', to: fixture.salon.assignedNumber! },
      false,
      new Date('2026-11-22T12:00:00Z'),
    );
    const body = valid(
      serialization.conversationalAi.BodyRegisterATwilioCallAndReturnTwiMlV1ConvaiTwilioRegisterCallPost.parse(
        registerCallBody({ agentId: 'agent_1', from: '+353871234567', to: fixture.salon.assignedNumber!, callSid: CALL_SID, dynamicVariables: variables }),
        STRICT,
      ),
    );
    // A conversation missing a declared variable does not start; the tools' headers name only declared ones (or system ones).
    expect(Object.keys(body.conversationInitiationClientData?.dynamicVariables ?? {}).sort()).toEqual(Object.keys(definition.callVariablePlaceholders).sort());
    for (const variable of Object.values(TOOL_HEADER_VARIABLES))
      expect(variable.startsWith('system__') || variable in definition.callVariablePlaceholders, variable).toBe(true);
  });

  it('would fail on a key or an enum value the SDK does not know', () => {
    const drifted = {
      ...create,
      conversationConfig: { ...create.conversationConfig, tts: { ...create.conversationConfig.tts, agentOutputAudioFormat: 'ulaw_16000', voiceSpeed: 1 } },
    };
    const result = serialization.conversationalAi.BodyCreateAgentV1ConvaiAgentsCreatePost.json(
      drifted as ElevenLabs.conversationalAi.BodyCreateAgentV1ConvaiAgentsCreatePost,
      STRICT,
    );
    expect(result.ok).toBe(false);
  });
});

describe('ElevenLabs rules we follow', () => {
  it('one TTS model per language the setup offers: English an English v2 model, the others Flash v2.5, none deprecated', () => {
    expect(Object.keys(TTS_MODEL_BY_LANGUAGE).sort()).toEqual(Object.keys(LANGUAGE_LABELS).sort());
    expect(ttsModelFor('en')).toBe(TtsConversationalModel.ElevenFlashV2);
    for (const language of Object.keys(LANGUAGE_LABELS).filter((code) => code !== 'en'))
      expect(ttsModelFor(language), language).toBe(TtsConversationalModel.ElevenFlashV25);
    // eleven_flash_v2_5 for English is what the platform refused ("English Agents must use turbo or flash v2").
    expect(ttsModelFor('en')).not.toBe('eleven_flash_v2_5');
    for (const model of Object.values(TTS_MODEL_BY_LANGUAGE))
      expect([TtsConversationalModel.ElevenTurboV2, TtsConversationalModel.ElevenTurboV25]).not.toContain(model);
    expect(() => ttsModelFor('ga')).toThrow(/TTS_MODEL_BY_LANGUAGE/);
  });

  it('Twilio audio is μ-law 8 kHz, and the default API is the EU residency workspace', () => {
    expect(TWILIO_AUDIO_FORMAT).toBe('ulaw_8000');
    expect(ELEVENLABS_EU_API_ROOT).toBe(ElevenLabsEnvironment.ProductionEu);
  });
});
