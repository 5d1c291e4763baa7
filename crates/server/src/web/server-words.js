// The server's refusals that carry no `code` (accounts, challenges) in the language shown: the
// server writes them in English (crates/server/src/accounts/), each form it writes has a catalogue
// key here, and a text it did not write is shown as it is (game-words.js does the same for the
// reasons a game ends; a refused move has a `code`, said by notation.js's refusalText).

import { t } from './i18n.js';

/** Each form the server writes: its pattern and the key whose `{params}` are its groups in order. */
const FORMS = [
  [/^that user name is taken; choose another$/, 'error.server.name-taken', []],
  [/^that user name is reserved; choose another$/, 'error.server.name-reserved', []],
  [/^a user name has (\d+) to (\d+) characters$/, 'error.server.name-length', ['min', 'max']],
  [/^a user name has only letters A–Z and a–z, digits, '_' and '-'$/, 'error.server.name-letters', []],
  [/^a password has (\d+) to (\d+) characters$/, 'error.server.password-length', ['min', 'max']],
  [/^the server is busy checking passwords; try again in a moment$/, 'error.server.busy', []],
  [/^wrong user name or password$/, 'error.server.wrong-login', []],
  [/^too many tries from your address; wait (\d+) seconds and try again$/, 'error.server.throttled', ['n']],
  [/^not logged in$/, 'error.server.not-logged-in', []],
  [/^no player named '(.*)'$/, 'error.server.no-player', ['name']],
  [/^you cannot challenge yourself$/, 'error.server.challenge-self', []],
  [/^you have (\d+) open challenges; wait for answers or cancel some$/, 'error.server.challenges-open', ['n']],
  [/^no open challenge (\d+) for you$/, 'error.server.no-challenge', ['id']],
];

/** The server's error `message` in the language shown (as it is when the form is not known). */
export function serverText(message) {
  if (typeof message !== 'string') return message;
  for (const [re, key, names] of FORMS) {
    const m = re.exec(message);
    if (!m) continue;
    const params = {};
    names.forEach((n, i) => { params[n] = m[i + 1]; });
    return t(key, params);
  }
  return message;
}
