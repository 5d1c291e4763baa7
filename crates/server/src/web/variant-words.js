// A variant's description and goal as the server writes them (GET /api/variants/check: `about`,
// `goal`; crates/core hasami/rules/describe.rs and the server's Shogun texts) in the language shown:
// each sentence the server writes has a catalogue key, the goal's ways to win are listed with the
// language's own "or". A sentence the server writes in another form (a rare rule option) is kept
// as it wrote it.

import { t, language } from './i18n.js';

/** The ways to win of a goal sentence, each a pattern and its key (`{params}` from its groups). */
const WINS = [
  [/^capture all the opponent's pieces$/, 'new.about.win.all', []],
  [/^capture (\d+) pieces \(the opponent down to (\d+)\)$/, 'new.about.win.captures', ['n', 'left']],
  [/^lose all your own pieces first \(misère\)$/, 'new.about.win.misere-all', []],
  [/^be the first down to (\d+) pieces or fewer \(misère\)$/, 'new.about.win.misere', ['n']],
  [/^lead by (\d+) pieces$/, 'new.about.win.lead', ['n']],
  [/^make five in a row or column outside your home rows$/, 'new.about.win.five-rows', []],
  [/^make five in a row or column in the battlefield$/, 'new.about.win.five-field', []],
  [/^make five in a line \(diagonals count\) outside your home rows$/, 'new.about.win.five-all-rows', []],
  [/^make five in a line \(diagonals count\) in the battlefield$/, 'new.about.win.five-all-field', []],
  [/^have captured more when no more captures are possible$/, 'new.about.win.most', []],
];

/** The other sentences: pattern, key, the names of its groups. */
const SENTENCES = [
  [/^(\d+)×\d+ board, (\d+) pieces each\.$/, 'new.about.board', ['size', 'n']],
  [/^Pieces move any number of empty squares in a straight line, like a rook\.$/, 'new.about.slide', []],
  [/^Pieces move any number of empty squares in a straight line, like a rook, or jump over one next piece to the empty square beyond\.$/, 'new.about.slide-jump', []],
  [/^Pieces move one square forwards, backwards or sideways\.$/, 'new.about.step', []],
  [/^Pieces move one square forwards, backwards or sideways, or jump over one next piece to the empty square beyond\.$/, 'new.about.step-jump', []],
  [/^No piece may land in the opponent's home rows, nor go back into its own\.$/, 'new.about.house', []],
  [/^Capture by sandwiching enemy pieces in a line\.$/, 'new.about.capture', []],
  [/^Capture by sandwiching enemy pieces in a line, also diagonally\.$/, 'new.about.capture-diagonal', []],
  [/^Capture by sandwiching enemy pieces in a line, or by moving in between two enemy pieces\.$/, 'new.about.capture-intervention', []],
  [/^A piece in a corner is captured by blocking both squares next to it\.$/, 'new.about.corner', []],
  [/^A position repeated (\d+) times, or (\d+) moves in a row without a capture is a draw\.$/, 'new.about.draw', ['r', 'q']],
  [/^A position repeated (\d+) times is a draw\.$/, 'new.about.draw-repetition', ['r']],
  [/^(\d+) moves in a row without a capture is a draw\.$/, 'new.about.draw-quiet', ['q']],
  [/^A position repeated (\d+) times, or (\d+) moves in a row without a capture ends the game \(the captures decide\)\.$/, 'new.about.ends', ['r', 'q']],
  [/^Shogun \(Ravensburger, 1979\): 8x8, each piece moves exactly the number it shows, which changes with the square; protect your Shogun$/, 'new.about.shogun', []],
  [/^Win: capture the opponent's Shogun, or leave the opponent with its Shogun and one other piece\.$/, 'new.about.shogun-win-1976', []],
  [/^Win: leave the opponent's Shogun attacked with no way out \(or no move at all\), or with only one other piece\.$/, 'new.about.shogun-win', []],
];

const fill = (m, names) => Object.fromEntries(names.map((n, i) => [n, m[i + 1]]));

/** One way to win in the language shown, or null when the server wrote another. */
function win(text) {
  for (const [re, key, names] of WINS) {
    const m = re.exec(text);
    if (m) return t(key, fill(m, names));
  }
  return null;
}

/** The goal sentence ("Win: capture 8 pieces (the opponent down to 1).") in the language shown. */
export function goalText(goal) {
  const m = /^Win: (.*)\.$/.exec(goal || '');
  const ways = m ? m[1].split(/, or |, /).map(win) : [];
  if (!ways.length || ways.includes(null)) return sentence(goal);
  const list = new Intl.ListFormat(language() === 'qps' ? 'en' : language(), { type: 'disjunction' }).format(ways);
  return t('new.about.win', { ways: list });
}

/** One sentence of a description in the language shown (as the server wrote it when unknown). */
function sentence(text) {
  for (const [re, key, names] of SENTENCES) {
    const m = re.exec(text);
    if (m) return t(key, fill(m, names));
  }
  return text;
}

/** A variant's description (`about`) in the language shown, sentence by sentence. */
export function aboutText(about) {
  const parts = String(about || '').match(/Win: .*?\.(?= [A-Z]|$)|[^.]+(?:\.(?= |$)|$)/g) || [];
  return parts.map((p) => p.trim()).filter(Boolean).map((p) => (p.startsWith('Win: ') ? goalText(p) : sentence(p)))
    .join(language() === 'ja' ? '' : ' ');
}
