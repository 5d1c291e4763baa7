// Sounds for a move, a capture, the Shogun warning and the end of a game: short tones made with
// WebAudio (no sound files). The toggle in the header mutes them; the choice is remembered.
//
// Test hook: the toggle (#sound-toggle) carries data-last-sound="KIND N", the kind of the last
// sound played and a running count; a muted app plays nothing and leaves it unchanged.

import { t } from './i18n.js';

const KEY = 'hasami.sound';
let ctx = null, count = 0;

/** Whether sounds are on (the default). */
export function soundOn() {
  try { return localStorage.getItem(KEY) !== 'off'; } catch { return true; }
}

// Each sound: [frequency Hz, start s, length s] tones.
const TONES = {
  move: [[520, 0, 0.07]],
  capture: [[330, 0, 0.08], [220, 0.07, 0.12]],
  warning: [[880, 0, 0.09], [880, 0.14, 0.09]],
  end: [[523, 0, 0.14], [659, 0.13, 0.14], [784, 0.26, 0.25]],
};

/** Plays `kind`: `move`, `capture`, `warning` or `end`. */
export function sound(kind) {
  if (!soundOn() || !TONES[kind]) return;
  count += 1;
  const toggle = document.getElementById('sound-toggle');
  if (toggle) toggle.dataset.lastSound = `${kind} ${count}`;
  try {
    ctx = ctx || new AudioContext();
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
    const t0 = ctx.currentTime;
    for (const [f, start, len] of TONES[kind]) {
      const osc = ctx.createOscillator(), gain = ctx.createGain();
      osc.type = 'triangle'; osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, t0 + start);
      gain.gain.exponentialRampToValueAtTime(0.18, t0 + start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0 + start); osc.stop(t0 + start + len + 0.02);
    }
  } catch { /* no audio on this device */ }
}

/** Sets up the header's mute toggle. */
export function setUpSoundToggle() {
  const b = document.getElementById('sound-toggle');
  if (!b) return;
  const show = () => {
    const on = soundOn();
    b.setAttribute('aria-pressed', on ? 'false' : 'true');
    b.textContent = t(on ? 'page.sound.on' : 'page.sound.off');
    b.title = t(on ? 'page.sound.on.title' : 'page.sound.off.title');
  };
  b.addEventListener('click', () => {
    try { localStorage.setItem(KEY, soundOn() ? 'off' : 'on'); } catch { /* private mode */ }
    show();
  });
  show();
}
