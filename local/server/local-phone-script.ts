/** The local phone page's script (served at /_local/phone.js so the page needs no inline script). */
export const LOCAL_PHONE_SCRIPT = `'use strict';
const $ = (id) => document.getElementById(id);
let call = null;
let startedAt = null;
let pending = null;
let dialled = null;
let whisper = null;
let ringingLine = null;
let prompt = null;
let conversation = null;
let inCall = false;

async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json();
  if (!response.ok) throw new Error(answer.error || 'The local phone failed');
  return answer;
}

function line(who, text) {
  const item = document.createElement('li');
  item.className = who;
  item.textContent = (who === 'caller' ? 'You: ' : 'Receptionist: ') + text;
  $('transcript').append(item);
}

function notes(list) {
  $('notes').replaceChildren(...(list || []).map((text) => {
    const item = document.createElement('li');
    item.textContent = text;
    return item;
  }));
}

function hideControls() {
  $('dialling').hidden = true;
  $('line-ringing').hidden = true;
  $('message-form').hidden = true;
}

function show(answer) {
  call = answer.call;
  if (answer.startedAt) {
    startedAt = answer.startedAt;
    $('ended').textContent = '';
  }
  $('result').hidden = false;
  hideControls();
  notes(answer.notes);
  ringingLine = answer.line || null;
  if (ringingLine) {
    inCall = true;
    $('outcome').textContent = ringingLine.text;
    $('said').hidden = true;
    $('twiml').textContent = '';
    $('line-ringing').hidden = false;
    $('end-call').hidden = false;
    $('conversation').hidden = true;
    return;
  }
  const outcome = answer.outcome;
  $('outcome').textContent = outcome.text;
  $('twiml').textContent = answer.twiml;
  const says = outcome.kind === 'message' || outcome.kind === 'message-prompt';
  $('said').hidden = !says;
  $('said').textContent = says ? 'The caller hears: “' + outcome.said + '”' : '';
  pending = outcome.kind === 'ringing-salon' || outcome.kind === 'forwarded' ? outcome.action || null : null;
  dialled = pending ? outcome.number : null;
  whisper = pending ? outcome.whisper || null : null;
  $('dialling').hidden = !pending;
  prompt = outcome.kind === 'message-prompt' ? outcome : null;
  $('message-form').hidden = !prompt;
  conversation = answer.conversation || null;
  $('conversation').hidden = !conversation;
  $('transcript').replaceChildren();
  $('say-form').hidden = false;
  inCall = outcome.kind !== 'refused' && outcome.kind !== 'rejected';
  $('end-call').hidden = !inCall;
  if (conversation) {
    line('agent', conversation.say);
    $('say').focus();
  }
  if (prompt) $('message').focus();
  // A message and a hang-up: the call is over once it has been said.
  if (outcome.kind === 'message' || outcome.kind === 'unknown') finish(true);
}

/** The end of the call: Twilio's status callback records it (the call log shows it). A line that never reached us has nothing to record. */
function finish(answered) {
  if (!inCall) return;
  inCall = false;
  pending = null;
  prompt = null;
  hideControls();
  $('end-call').hidden = true;
  $('say-form').hidden = true;
  const ending = conversation;
  conversation = null;
  if (ringingLine) {
    ringingLine = null;
    $('ended').textContent = 'The call is over.';
    return;
  }
  const ended = call;
  post('/_local/phone/hang-up', { call, startedAt, conversation: ending, answered }).then(() => {
    if (call === ended) $('ended').textContent = "The call is over and recorded: it is in the salon's call log.";
  }, fail);
}

function fail(error) {
  $('result').hidden = false;
  $('outcome').textContent = error.message;
}

fetch('/_local/phone/numbers').then((response) => response.json()).then((numbers) => {
  const assigned = numbers.filter((number) => number.state === 'assigned');
  for (const number of assigned) {
    const option = document.createElement('option');
    option.value = number.phoneNumber;
    option.label = (number.salonName || 'Salon') + (number.live ? ' (live)' : ' (not live)');
    $('assigned-numbers').append(option);
  }
  $('numbers-hint').textContent = assigned.length
    ? 'Receptionists\\' numbers: ' + assigned.map((number) => number.phoneNumber + ' – ' + (number.salonName || 'Salon') + (number.live ? ' (live)' : ' (not live)')).join('; ')
    : 'No receptionist has a number yet: a salon gets one the moment its setup is finished.';
});

$('dial-form').addEventListener('submit', (event) => {
  event.preventDefault();
  finish(Boolean(conversation));
  $('carrier').textContent = '';
  post('/_local/phone/dial', { to: $('to').value, from: $('from').value }).then((answer) => {
    if (answer.carrier) {
      $('carrier').textContent = answer.carrier;
      return;
    }
    show(answer);
  }, fail);
});

$('no-answer').addEventListener('click', () => {
  post('/_local/phone/dial-result', { call, action: pending, number: dialled, answered: false }).then(show, fail);
});

$('salon-answers').addEventListener('click', () => {
  post('/_local/phone/dial-result', { call, action: pending, number: dialled, whisper, answered: true }).then((answer) => {
    show(answer);
    $('outcome').textContent = 'The salon answered; the call ends when they hang up.';
  }, fail);
});

$('voicemail-answers').addEventListener('click', () => {
  post('/_local/phone/dial-result', { call, action: pending, number: dialled, whisper, answered: true, voicemail: true }).then(show, fail);
});

$('line-answers').addEventListener('click', () => {
  $('outcome').textContent = 'Somebody at ' + ringingLine.number + ' answered: the call never reached the receptionist.';
  finish(true);
});

$('line-no-answer').addEventListener('click', () => {
  const ringing = ringingLine;
  ringingLine = null;
  post('/_local/phone/line-result', { call, line: ringing.number }).then(show, fail);
});

$('message-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const speech = $('message').value;
  if (!prompt || !speech.trim()) return;
  $('message').value = '';
  post('/_local/phone/speak', { call, action: prompt.action, speech }).then(show, fail);
});

$('say-nothing').addEventListener('click', () => {
  if (!prompt) return;
  $('said').textContent = 'The caller hears: “' + prompt.nothingSaid + '”';
  $('outcome').textContent = 'You said nothing: the call ends.';
  finish(true);
});

$('say-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const text = $('say').value;
  if (!conversation || !text.trim()) return;
  line('caller', text);
  $('say').value = '';
  post('/_local/phone/say', { salonId: conversation.salonId, conversationId: conversation.conversationId, text }).then((turn) => {
    line('agent', turn.say);
    if (turn.transferTo) $('outcome').textContent = 'Transferred to ' + turn.transferTo + '.';
    if (turn.ended || turn.transferTo) {
      $('say-form').hidden = true;
      if (!turn.transferTo) $('outcome').textContent = 'The receptionist ended the call.';
      finish(true);
    }
  }, fail);
});

$('end-call').addEventListener('click', () => {
  const answered = Boolean(conversation);
  $('conversation').hidden = true;
  $('outcome').textContent = 'You hung up.';
  finish(answered);
});

$('text-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const item = (who, words) => {
    const entry = document.createElement('li');
    entry.className = who;
    entry.textContent = (who === 'caller' ? 'You: ' : 'Salon: ') + words;
    $('texts').append(entry);
  };
  const body = $('text-body').value;
  item('caller', body);
  $('text-body').value = '';
  try {
    const answer = await post('/_local/phone/text', { to: $('text-to').value, from: $('text-from').value, body });
    if (answer.status !== 200) item('agent', 'The webhook answered ' + answer.status + '.');
    else if (answer.answers.length === 0) item('agent', '(no answer)');
    for (const words of answer.answers) item('agent', words);
  } catch (error) {
    item('agent', error.message);
  }
});
`;
