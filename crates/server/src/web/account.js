// The account screens: sign up (#/signup), sign in (#/login) and the account's settings
// (#/account: change the password, sign out everywhere, delete the account).

import { api } from './api.js';
import { h, plain, announce } from './dom.js';
import { loadAccount, signedIn, signedOut } from './session.js';
import { playerLink } from './ratings.js';

/** Letters, digits, "_" and "-", 3 to 20 of them: the names the server accepts. */
const NAME = /^[A-Za-z0-9_-]{3,20}$/;
const MIN_PASSWORD = 8, MAX_PASSWORD = 256;

/** Why `name` cannot be an account's name, or '' when it can. */
export function nameProblem(name) {
  return NAME.test(name) ? '' : 'A name has 3 to 20 characters: letters A–Z, digits, _ and -.';
}

/** Why `password` cannot be a password, or '' when it can (counted in characters). */
export function passwordProblem(password) {
  const n = [...password].length;
  if (n < MIN_PASSWORD) return `A password has at least ${MIN_PASSWORD} characters.`;
  if (n > MAX_PASSWORD) return `A password has at most ${MAX_PASSWORD} characters.`;
  return '';
}

/** A server's refusal in words for the player. */
export function refusal(e) {
  if (e.status === 429) return 'Too many tries; wait a few minutes';
  return plain(e.message);
}

/** A labelled input. */
function field(id, label, attrs) {
  const input = h('input', { id, name: id, ...attrs });
  return [h('label', { for: id }, label), input];
}

/** A form's parts: the form (`#NAME-form`), its error line (`#NAME-error`) and its button
 * (`#NAME-submit`). */
function accountForm(name, title, children, submitLabel) {
  const error = h('p', { class: 'error', role: 'alert', id: name + '-error' });
  const submit = h('button', { type: 'submit', class: 'primary', id: name + '-submit' }, submitLabel);
  const form = h('form', { class: 'card account-form', id: name + '-form', 'aria-labelledby': name + '-title' },
    h('h1', { id: name + '-title' }, title), ...children, error, h('p', {}, submit));
  return { form, error, submit };
}

/** Runs `work` for a form's submit: the button is disabled meanwhile; a refusal is shown. */
function onSubmit(parts, work) {
  parts.form.addEventListener('submit', async (e) => {
    e.preventDefault();
    parts.error.textContent = '';
    parts.submit.disabled = true;
    try { await work(); } catch (ex) { parts.error.textContent = refusal(ex); } finally { parts.submit.disabled = false; }
  });
}

/** A form's inputs by name. */
const value = (form, name) => form.elements[name].value;

/** Shown on the sign-in screens to a player already signed in. */
function alreadySignedIn(view, a) {
  view.append(h('section', { class: 'card' }, h('p', { id: 'signed-in-as' }, 'You are signed in as ', playerLink(a.username), '. '),
    h('p', {}, h('a', { href: '#/account' }, 'Your account'))));
}

/** #/signup: a name and a password (twice). */
export async function signupScreen(view) {
  document.title = 'hasami: sign up';
  const a = await loadAccount();
  if (a) return alreadySignedIn(view, a);
  const parts = accountForm('signup', 'Create an account', [
    ...field('signup-name', 'Name', { type: 'text', autocomplete: 'username', required: true, minlength: 3, maxlength: 20, pattern: '[A-Za-z0-9_\\-]{3,20}', spellcheck: 'false', class: 'short' }),
    h('p', { class: 'hint-text' }, '3 to 20 characters: letters, digits, _ and -. Others see it on your games and on the leaderboards.'),
    ...field('signup-password', 'Password', { type: 'password', autocomplete: 'new-password', required: true, minlength: MIN_PASSWORD, maxlength: MAX_PASSWORD, class: 'short' }),
    ...field('signup-repeat', 'Password again', { type: 'password', autocomplete: 'new-password', required: true, class: 'short' }),
    h('p', { class: 'hint-text' }, 'At least 8 characters. No e-mail address is asked for, so a forgotten password cannot be reset.'),
  ], 'Create account');
  onSubmit(parts, async () => {
    const name = value(parts.form, 'signup-name').trim(), password = value(parts.form, 'signup-password');
    const problem = nameProblem(name) || passwordProblem(password)
      || (password !== value(parts.form, 'signup-repeat') ? 'The two passwords differ.' : '');
    if (problem) { parts.error.textContent = problem; return; }
    await signedIn(await api.signup(name, password));
    announce(`Account ${name} created`);
    location.hash = '#/';
  });
  view.append(parts.form, h('p', { class: 'card' }, 'Have an account? ', h('a', { href: '#/login', id: 'to-login' }, 'Sign in')));
}

/** #/login: a name and a password. */
export async function loginScreen(view) {
  document.title = 'hasami: sign in';
  const a = await loadAccount();
  if (a) return alreadySignedIn(view, a);
  const parts = accountForm('login', 'Sign in', [
    ...field('login-name', 'Name', { type: 'text', autocomplete: 'username', required: true, maxlength: 20, spellcheck: 'false', class: 'short' }),
    ...field('login-password', 'Password', { type: 'password', autocomplete: 'current-password', required: true, maxlength: MAX_PASSWORD, class: 'short' }),
  ], 'Sign in');
  onSubmit(parts, async () => {
    const name = value(parts.form, 'login-name').trim(), password = value(parts.form, 'login-password');
    if (!name || !password) { parts.error.textContent = 'Enter your name and password.'; return; }
    await signedIn(await api.login(name, password));
    announce(`Signed in as ${name}`);
    location.hash = '#/';
  });
  view.append(parts.form, h('p', { class: 'card' }, 'No account yet? ', h('a', { href: '#/signup', id: 'to-signup' }, 'Create one')),
    h('p', { class: 'hint-text' }, 'You can play without an account; an account keeps your games on every browser, rates your online games and lets others challenge you.'));
}

/** The change-password form. */
function passwordForm() {
  const parts = accountForm('password', 'Change the password', [
    ...field('password-current', 'Current password', { type: 'password', autocomplete: 'current-password', required: true, maxlength: MAX_PASSWORD, class: 'short' }),
    ...field('password-new', 'New password', { type: 'password', autocomplete: 'new-password', required: true, minlength: MIN_PASSWORD, maxlength: MAX_PASSWORD, class: 'short' }),
    ...field('password-repeat', 'New password again', { type: 'password', autocomplete: 'new-password', required: true, class: 'short' }),
  ], 'Change password');
  const done = h('p', { class: 'ok', id: 'password-done', role: 'status' });
  parts.form.append(done);
  onSubmit(parts, async () => {
    done.textContent = '';
    const old = value(parts.form, 'password-current'), next = value(parts.form, 'password-new');
    const problem = passwordProblem(next) || (next !== value(parts.form, 'password-repeat') ? 'The two new passwords differ.' : '');
    if (problem) { parts.error.textContent = problem; return; }
    await api.changePassword(old, next);
    parts.form.reset();
    done.textContent = 'The password is changed.';
  });
  return parts.form;
}

/** "Sign out everywhere": every session of the account ends, this one too. */
function everywhereBox() {
  const error = h('p', { class: 'error', role: 'alert', id: 'logout-all-error' });
  const button = h('button', { type: 'button', id: 'logout-all' }, 'Sign out everywhere');
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await api.logoutAll();
      signedOut();
      announce('Signed out on every device');
      location.hash = '#/login';
    } catch (e) { error.textContent = refusal(e); button.disabled = false; }
  });
  return h('section', { class: 'card', 'aria-labelledby': 'logout-all-title' }, h('h2', { id: 'logout-all-title' }, 'Sign out everywhere'),
    h('p', { class: 'hint-text' }, 'Ends every session of this account, on every browser and device, this one included.'), error, button);
}

/** Deleting the account: its password, then a confirmation. */
function deleteForm(name) {
  const parts = accountForm('delete', 'Delete the account', [
    h('p', { class: 'hint-text' }, 'The account and its ratings are removed. Its games stay, under the name “deleted”.'),
    ...field('delete-password', 'Password', { type: 'password', autocomplete: 'current-password', required: true, maxlength: MAX_PASSWORD, class: 'short' }),
  ], 'Delete account');
  parts.submit.classList.remove('primary');
  parts.submit.classList.add('danger');
  onSubmit(parts, async () => {
    const password = value(parts.form, 'delete-password');
    if (!password) { parts.error.textContent = 'Enter your password.'; return; }
    if (!confirm(`Delete the account ${name}? This cannot be undone.`)) return;
    await api.deleteAccount(password);
    signedOut();
    announce('The account is deleted');
    location.hash = '#/';
  });
  parts.form.querySelector('h1').replaceWith(h('h2', { id: 'delete-title' }, 'Delete the account'));
  return parts.form;
}

/** #/account: the signed-in account's settings. */
export async function accountScreen(view) {
  document.title = 'hasami: account';
  const a = await loadAccount();
  if (!a) {
    view.append(h('section', { class: 'card' }, h('p', {}, 'You are not signed in. ', h('a', { href: '#/login' }, 'Sign in'), ' or ',
      h('a', { href: '#/signup' }, 'create an account'), '.')));
    return;
  }
  const pw = passwordForm();
  pw.querySelector('h1').replaceWith(h('h2', { id: 'password-title' }, 'Change the password'));
  view.append(
    h('section', { class: 'card', 'aria-labelledby': 'account-title' }, h('h1', { id: 'account-title' }, 'Your account'),
      h('p', {}, 'Signed in as ', playerLink(a.username, { id: 'account-name' }), '. Your page shows your ratings and games to everyone.')),
    pw, everywhereBox(), deleteForm(a.username));
}
