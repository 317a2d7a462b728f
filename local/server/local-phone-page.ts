import { SANDBOX_SMS_NUMBER } from '../sandboxes/sandbox-sms.js';

/** The local phone's page (its behaviour is ./local-phone-script.ts, served apart so the page needs no inline script). */
export function renderLocalPhonePage(): string {
  return `<!doctype html>
<html lang="en-IE"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local phone · SalonDesk</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
.banner{background:#fef3c7;border:1px solid #f59e0b;padding:.75rem 1rem;border-radius:8px}
form{display:grid;gap:.75rem;margin:1rem 0}label{font-weight:600;display:grid;gap:.25rem}input,select{font:inherit;padding:.5rem;border:1px solid #9ca3af;border-radius:6px}
button{font:inherit;padding:.5rem 1rem;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer;justify-self:start}
button.secondary{background:#fff;color:#1d4ed8}.outcome{font-size:1.1rem;font-weight:600}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f4f6;padding:.75rem;border-radius:6px;font-size:.85rem}
ol.transcript{list-style:none;padding:0}ol.transcript li{margin:.5rem 0;padding:.5rem .75rem;border-radius:8px;background:#eef2ff}ol.transcript li.caller{background:#ecfdf5;text-align:right}
ul.notes{padding-left:1.25rem;color:#374151}
[hidden]{display:none!important}</style>
</head><body><main>
<h1>Local phone</h1>
<p class="banner">Sandbox: no real call is made. This phone posts to the product's own Twilio voice webhook, signed as Twilio signs, and shows what a caller would get. It is the network too: dial a forwarding code (<code>*21*number#</code> every call, <code>*61*number#</code> unanswered calls, <code>#21#</code> or <code>#61#</code> off) from a line, and calls to that line go where a real network would send them.</p>
<form id="dial-form">
  <label for="to">Number to dial <input id="to" name="to" type="tel" list="assigned-numbers" autocomplete="off" required placeholder="+3531… or *21*…#"></label>
  <datalist id="assigned-numbers"></datalist>
  <p id="numbers-hint"></p>
  <label for="from">Calling from <input id="from" name="from" type="tel" value="+353860000000" required></label>
  <button type="submit">Dial</button>
</form>
<p id="carrier" role="status" aria-live="polite"></p>
<section id="result" aria-live="polite" hidden>
  <h2>What the caller gets</h2>
  <ul class="notes" id="notes"></ul>
  <p class="outcome" id="outcome"></p>
  <p id="said" hidden></p>
  <div id="dialling" hidden><button type="button" id="salon-answers" class="secondary">The salon answers and presses 1</button> <button type="button" id="voicemail-answers" class="secondary">Voicemail answers</button> <button type="button" id="no-answer" class="secondary">Nobody answers</button></div>
  <div id="line-ringing" hidden><button type="button" id="line-answers" class="secondary">Somebody at the line answers</button> <button type="button" id="line-no-answer" class="secondary">Nobody answers the line</button></div>
  <form id="message-form" hidden>
    <label for="message">Your words <input id="message" name="message" autocomplete="off" required></label>
    <div><button type="submit">Leave message</button> <button type="button" id="say-nothing" class="secondary">Say nothing</button></div>
  </form>
  <button type="button" id="end-call" class="secondary" hidden>Hang up</button>
  <p id="ended" aria-live="polite"></p>
  <details open><summary>TwiML from the webhook</summary><pre id="twiml"></pre></details>
</section>
<section id="conversation" hidden aria-labelledby="conversation-heading">
  <h2 id="conversation-heading">Conversation</h2>
  <ol class="transcript" id="transcript" aria-live="polite"></ol>
  <form id="say-form">
    <label for="say">You say <input id="say" name="say" autocomplete="off" required></label>
    <div><button type="submit">Say it</button></div>
  </form>
</section>
<section aria-labelledby="text-heading">
  <h2 id="text-heading">Send a text</h2>
  <p>As a caller answering a salon's texts (a reminder, an offer): every salon's texts come from SalonDesk's number, ${SANDBOX_SMS_NUMBER}, so a reply to it reaches the salon that texted you, or you are asked which. The SMS sandbox acts on STOP, START and HELP as Twilio does, then the text is posted to the product's Twilio SMS webhook, signed the same way. A salon's own number works too.</p>
  <form id="text-form">
    <label for="text-to">Number texted <input id="text-to" name="text-to" type="tel" list="assigned-numbers" autocomplete="off" required value="${SANDBOX_SMS_NUMBER}"></label>
    <label for="text-from">Texting from <input id="text-from" name="text-from" type="tel" value="+353860000000" required></label>
    <label for="text-body">Message <input id="text-body" name="text-body" autocomplete="off" required></label>
    <button type="submit">Send text</button>
  </form>
  <ol class="transcript" id="texts" aria-live="polite"></ol>
</section>
</main><script src="/_local/phone.js"></script></body></html>`;
}
