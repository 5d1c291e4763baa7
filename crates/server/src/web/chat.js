// The chat panel of an online game (#/game/ID), beside the board: its two players talk (and go on
// after the end, for a while); spectators see the panel only when both players let them read it
// ("let spectators read"). Messages are put in the page as text, never as HTML. "Hide chat" hides
// the whole conversation with one click, remembered by this browser for every game. Loaded by
// game-screen.js only for online games, with its styles (chat.css), so the first screen stays light.

import { call } from './api.js';
import { h, plain } from './dom.js';
import { t, isJapanese, loadMore } from './i18n.js';
import { sideName } from './ratings.js';

// This screen's texts (lang-LANG-more.js) are in the catalogue before anything here runs.
await loadMore();

/** The chat's calls of the API (docs/web.md, "Chat"). */
const api = {
  chat: (id, token) => call('GET', `/api/games/${id}/chat` + (token ? '?token=' + encodeURIComponent(token) : '')),
  say: (id, text, token) => call('POST', `/api/games/${id}/chat`, { text, token }),
  chatPublic: (id, allow, token) => call('POST', `/api/games/${id}/chat/public`, { allow, token }),
};

// The panel's styles, added to the page with the panel.
if (!document.getElementById('chat-css')) document.head.append(h('link', { rel: 'stylesheet', id: 'chat-css', href: new URL('./chat.css', import.meta.url).href }));

/** This browser's choice to hide the chat (localStorage). */
const OFF = 'hasami.chat-off';
const isOff = () => { try { return localStorage.getItem(OFF) === '1'; } catch { return false; } };
function setOff(off) { try { if (off) localStorage.setItem(OFF, '1'); else localStorage.removeItem(OFF); } catch { /* private mode */ } }

/** The chat of game `id` as the holder of `token` (null: a spectator) sees it. */
export class ChatPanel {
  constructor(id, token) {
    this.id = id;
    this.token = token;
    this.game = null;
    this.you = null;
    this.public = { black: false, white: false };
    this.seen = new Set();
    this.list = h('ol', { class: 'chat-list', id: 'chat-list', 'aria-label': t('chat.messages'), 'aria-live': 'polite' });
    this.input = h('input', { type: 'text', id: 'chat-input', maxlength: 300, autocomplete: 'off',
      'aria-label': t('chat.message'), placeholder: t('chat.placeholder') });
    const form = h('form', { class: 'chat-form', id: 'chat-form' }, this.input);
    form.addEventListener('submit', (e) => { e.preventDefault(); this.send(); });
    this.error = h('p', { class: 'error', id: 'chat-error', role: 'alert' });
    this.share = h('input', { type: 'checkbox', id: 'chat-public' });
    this.share.addEventListener('change', () => this.allow(this.share.checked));
    this.shareNote = h('span', { class: 'hint-text', id: 'chat-public-note' });
    this.shareBox = h('p', { class: 'chat-share' }, h('label', { for: 'chat-public' }, this.share, ' ', t('chat.let-read')), ' ', this.shareNote);
    this.body = h('div', { class: 'chat-body', id: 'chat-body' }, this.list, form, this.error, this.shareBox);
    this.toggle = h('button', { type: 'button', id: 'chat-toggle', class: 'chat-toggle', onclick: () => this.hide(!isOff()) });
    this.el = h('section', { class: 'chat', id: 'chat', hidden: true, 'aria-label': t('chat.title') },
      h('h2', {}, t('chat.title'), ' ', this.toggle), this.body);
    this.hide(isOff());
  }

  /** Hides the conversation (`off`) or shows it again, and remembers the choice. */
  hide(off) {
    setOff(off);
    this.body.hidden = off;
    this.el.dataset.off = off;
    this.toggle.textContent = t(off ? 'chat.show' : 'chat.hide');
    this.toggle.setAttribute('aria-pressed', String(off));
  }

  /** Whether this page plays one side of the game. */
  player() { return this.you === 'black' || this.you === 'white'; }

  /** Whether this page may read the chat. */
  readable() { return this.player() || (this.public.black && this.public.white); }

  /** Takes on the game's view `g` (names, who this page is). */
  update(g) {
    const first = this.game === null;
    this.game = g;
    if (g.you !== undefined) this.you = g.you;
    this.render();
    if (first) this.load();
  }

  /** Reads the whole chat again (on every connection of the game's socket: nothing is missed). */
  async load() {
    try {
      const v = await api.chat(this.id, this.token);
      this.public = v.public;
      this.list.replaceChildren();
      this.seen.clear();
      for (const m of v.messages) this.add(m);
      this.render();
    } catch (e) { this.error.textContent = plain(e.message); }
  }

  /** A chat event from the game's socket. */
  told(msg) {
    if (msg.type === 'chat') this.add(msg);
    else if (msg.type === 'chat-reload') this.load();
    else if (msg.type === 'chat-public') {
      const was = this.readable();
      this.public = msg.public;
      if (!this.readable()) { this.list.replaceChildren(); this.seen.clear(); }
      else if (!was) this.load();
      this.render();
    }
  }

  /** Adds message `m` ({side, text, time}) unless it is shown already. */
  add(m) {
    const key = `${m.side} ${m.time} ${m.text}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const g = this.game;
    const who = m.side === this.you ? t('chat.you')
      : m.side === 'black' || m.side === 'white' ? sideName({ variant: g && g.variant, ...(g && g.players) }, m.side) : String(m.side);
    const at = new Date(m.time).toLocaleTimeString(isJapanese() ? ['ja-JP'] : [], { hour: '2-digit', minute: '2-digit' });
    // The text goes in as a text node: markup in a message shows as written.
    this.list.append(h('li', { class: 'chat-line', 'data-side': m.side },
      h('span', { class: 'chat-who' }, who), ' ', h('span', { class: 'chat-text' }, m.text), ' ',
      h('time', { class: 'chat-time hint-text' }, at)));
    this.list.scrollTop = this.list.scrollHeight;
  }

  async send() {
    const text = this.input.value.trim();
    if (!text) return;
    try {
      const m = await api.say(this.id, text, this.token);
      this.input.value = '';
      this.error.textContent = '';
      this.add(m);
    } catch (e) { this.error.textContent = plain(e.message); }
  }

  async allow(on) {
    try {
      const v = await api.chatPublic(this.id, on, this.token);
      this.public = v.public;
      this.error.textContent = '';
    } catch (e) { this.error.textContent = plain(e.message); }
    this.render();
  }

  render() {
    const g = this.game;
    this.el.hidden = !(g && g.opponent === 'online' && this.readable());
    const player = this.player();
    this.input.closest('form').hidden = !player;
    this.shareBox.hidden = !player;
    if (player) {
      this.share.checked = !!this.public[this.you];
      const other = this.you === 'black' ? 'white' : 'black';
      this.shareNote.textContent = this.public.black && this.public.white ? t('chat.public')
        : this.public[other] ? t('chat.opponent-allows') : '';
    }
  }
}
