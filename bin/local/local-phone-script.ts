/** The local phone page's script (served at /_local/phone.js so the page needs no inline script). */
export const LOCAL_PHONE_SCRIPT = `'use strict';
const $ = (id) => document.getElementById(id);
let call = null;
let startedAt = null;
let pending = null;
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

function show(answer) {
  call = answer.call;
  if (answer.startedAt) {
    startedAt = answer.startedAt;
    $('ended').textContent = '';
  }
  $('result').hidden = false;
  $('outcome').textContent = answer.outcome.text;
  $('twiml').textContent = answer.twiml;
  $('said').hidden = answer.outcome.kind !== 'message';
  $('said').textContent = answer.outcome.kind === 'message' ? 'The caller hears: “' + answer.outcome.said + '”' : '';
  pending = answer.outcome.action || null;
  $('dialling').hidden = !pending;
  conversation = answer.conversation || null;
  $('conversation').hidden = !conversation;
  $('transcript').replaceChildren();
  $('say-form').hidden = false;
  inCall = answer.outcome.kind !== 'refused';
  $('end-call').hidden = !inCall;
  if (conversation) {
    line('agent', conversation.say);
    $('say').focus();
  }
  // A message and a hang-up: the call is over once it has been said.
  if (answer.outcome.kind === 'message' || answer.outcome.kind === 'unknown') finish(true);
}

/** The end of the call: Twilio's status callback records it (the call log shows it). */
function finish(answered) {
  if (!inCall) return;
  inCall = false;
  pending = null;
  $('dialling').hidden = true;
  $('end-call').hidden = true;
  $('say-form').hidden = true;
  const ending = conversation;
  conversation = null;
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
  for (const number of numbers) {
    const option = document.createElement('option');
    option.value = number.phoneNumber;
    option.label = (number.salonName || 'Salon') + (number.live ? ' (live)' : ' (not live)');
    $('assigned-numbers').append(option);
  }
  $('numbers-hint').textContent = numbers.length
    ? 'Assigned numbers: ' + numbers.map((number) => number.phoneNumber + ' – ' + (number.salonName || 'Salon') + (number.live ? ' (live)' : ' (not live)')).join('; ')
    : 'No number is assigned yet: npm run admin -- assign-number <salonId> <number>';
});

$('dial-form').addEventListener('submit', (event) => {
  event.preventDefault();
  finish(Boolean(conversation));
  post('/_local/phone/dial', { to: $('to').value, from: $('from').value }).then(show, fail);
});

$('no-answer').addEventListener('click', () => {
  post('/_local/phone/dial-result', { call, action: pending, answered: false }).then(show, fail);
});

$('salon-answers').addEventListener('click', () => {
  post('/_local/phone/dial-result', { call, action: pending, answered: true }).then((answer) => {
    show(answer);
    $('outcome').textContent = 'The salon answered; the call ends when they hang up.';
  }, fail);
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
