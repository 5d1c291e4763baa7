// The account screens: sign up (#/signup), sign in (#/login) and the account's settings
// (#/account: change the password, sign out everywhere, delete the account).

import { api } from './api.js';
import { h, plain, announce } from './dom.js';
import { loadAccount, signedIn, signedOut } from './session.js';
import { playerLink } from './ratings.js';
import { t } from './i18n.js';
import { tNodes } from './tnodes.js';

/** Letters, digits, "_" and "-", 3 to 20 of them: the names the server accepts. */
const NAME = /^[A-Za-z0-9_-]{3,20}$/;
const MIN_PASSWORD = 8, MAX_PASSWORD = 256;

/** Why `name` cannot be an account's name, or '' when it can. */
export function nameProblem(name) {
  return NAME.test(name) ? '' : t('account.name-problem');
}

/** Why `password` cannot be a password, or '' when it can (counted in characters). */
export function passwordProblem(password) {
  const n = [...password].length;
  if (n < MIN_PASSWORD) return t('account.password-short', { n: MIN_PASSWORD });
  if (n > MAX_PASSWORD) return t('account.password-long', { n: MAX_PASSWORD });
  return '';
}

/** A server's refusal in words for the player. */
export function refusal(e) {
  if (e.status === 429) return t('account.too-many');
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
  view.append(h('section', { class: 'card' }, h('p', { id: 'signed-in-as' }, ...tNodes('account.signed-in-as', { name: playerLink(a.username) })),
    h('p', {}, h('a', { href: '#/account' }, t('account.your-account')))));
}

/** #/signup: a name and a password (twice). */
export async function signupScreen(view) {
  document.title = t('account.title.signup');
  const a = await loadAccount();
  if (a) return alreadySignedIn(view, a);
  const parts = accountForm('signup', t('account.signup.heading'), [
    ...field('signup-name', t('account.name'), { type: 'text', autocomplete: 'username', required: true, minlength: 3, maxlength: 20, pattern: '[A-Za-z0-9_\\-]{3,20}', spellcheck: 'false', class: 'short' }),
    h('p', { class: 'hint-text' }, t('account.name-hint')),
    ...field('signup-password', t('account.password'), { type: 'password', autocomplete: 'new-password', required: true, minlength: MIN_PASSWORD, maxlength: MAX_PASSWORD, class: 'short' }),
    ...field('signup-repeat', t('account.password-again'), { type: 'password', autocomplete: 'new-password', required: true, class: 'short' }),
    h('p', { class: 'hint-text' }, t('account.password-hint', { n: MIN_PASSWORD })),
  ], t('account.signup.submit'));
  onSubmit(parts, async () => {
    const name = value(parts.form, 'signup-name').trim(), password = value(parts.form, 'signup-password');
    const problem = nameProblem(name) || passwordProblem(password)
      || (password !== value(parts.form, 'signup-repeat') ? t('account.passwords-differ') : '');
    if (problem) { parts.error.textContent = problem; return; }
    await signedIn(await api.signup(name, password));
    announce(t('account.created', { name }));
    location.hash = '#/';
  });
  view.append(parts.form, h('p', { class: 'card' }, ...tNodes('account.have-account', { link: h('a', { href: '#/login', id: 'to-login' }, t('account.sign-in')) })));
}

/** #/login: a name and a password. */
export async function loginScreen(view) {
  document.title = t('account.title.login');
  const a = await loadAccount();
  if (a) return alreadySignedIn(view, a);
  const parts = accountForm('login', t('account.sign-in'), [
    ...field('login-name', t('account.name'), { type: 'text', autocomplete: 'username', required: true, maxlength: 20, spellcheck: 'false', class: 'short' }),
    ...field('login-password', t('account.password'), { type: 'password', autocomplete: 'current-password', required: true, maxlength: MAX_PASSWORD, class: 'short' }),
  ], t('account.sign-in'));
  onSubmit(parts, async () => {
    const name = value(parts.form, 'login-name').trim(), password = value(parts.form, 'login-password');
    if (!name || !password) { parts.error.textContent = t('account.enter-both'); return; }
    await signedIn(await api.login(name, password));
    announce(t('account.signed-in', { name }));
    location.hash = '#/';
  });
  view.append(parts.form, h('p', { class: 'card' }, ...tNodes('account.no-account', { link: h('a', { href: '#/signup', id: 'to-signup' }, t('account.create-one')) })),
    h('p', { class: 'hint-text' }, t('account.why')));
}

/** The change-password form. */
function passwordForm() {
  const parts = accountForm('password', t('account.password.heading'), [
    ...field('password-current', t('account.password.current'), { type: 'password', autocomplete: 'current-password', required: true, maxlength: MAX_PASSWORD, class: 'short' }),
    ...field('password-new', t('account.password.new'), { type: 'password', autocomplete: 'new-password', required: true, minlength: MIN_PASSWORD, maxlength: MAX_PASSWORD, class: 'short' }),
    ...field('password-repeat', t('account.password.new-again'), { type: 'password', autocomplete: 'new-password', required: true, class: 'short' }),
  ], t('account.password.submit'));
  const done = h('p', { class: 'ok', id: 'password-done', role: 'status' });
  parts.form.append(done);
  onSubmit(parts, async () => {
    done.textContent = '';
    const old = value(parts.form, 'password-current'), next = value(parts.form, 'password-new');
    const problem = passwordProblem(next) || (next !== value(parts.form, 'password-repeat') ? t('account.password.differ') : '');
    if (problem) { parts.error.textContent = problem; return; }
    await api.changePassword(old, next);
    parts.form.reset();
    done.textContent = t('account.password.done');
  });
  return parts.form;
}

/** "Sign out everywhere": every session of the account ends, this one too. */
function everywhereBox() {
  const error = h('p', { class: 'error', role: 'alert', id: 'logout-all-error' });
  const button = h('button', { type: 'button', id: 'logout-all' }, t('account.logout-all'));
  button.addEventListener('click', async () => {
    button.disabled = true;
    try {
      await api.logoutAll();
      signedOut();
      announce(t('account.logout-all.done'));
      location.hash = '#/login';
    } catch (e) { error.textContent = refusal(e); button.disabled = false; }
  });
  return h('section', { class: 'card', 'aria-labelledby': 'logout-all-title' }, h('h2', { id: 'logout-all-title' }, t('account.logout-all')),
    h('p', { class: 'hint-text' }, t('account.logout-all.hint')), error, button);
}

/** Deleting the account: its password, then a confirmation. */
function deleteForm(name) {
  const parts = accountForm('delete', t('account.delete.heading'), [
    h('p', { class: 'hint-text' }, t('account.delete.hint')),
    ...field('delete-password', t('account.password'), { type: 'password', autocomplete: 'current-password', required: true, maxlength: MAX_PASSWORD, class: 'short' }),
  ], t('account.delete.submit'));
  parts.submit.classList.remove('primary');
  parts.submit.classList.add('danger');
  onSubmit(parts, async () => {
    const password = value(parts.form, 'delete-password');
    if (!password) { parts.error.textContent = t('account.enter-password'); return; }
    if (!confirm(t('account.delete.confirm', { name }))) return;
    await api.deleteAccount(password);
    signedOut();
    announce(t('account.delete.done'));
    location.hash = '#/';
  });
  parts.form.querySelector('h1').replaceWith(h('h2', { id: 'delete-title' }, t('account.delete.heading')));
  return parts.form;
}

/** #/account: the signed-in account's settings. */
export async function accountScreen(view) {
  document.title = t('account.title.account');
  const a = await loadAccount();
  if (!a) {
    view.append(h('section', { class: 'card' }, h('p', {}, ...tNodes('account.not-signed-in', {
      login: h('a', { href: '#/login' }, t('account.sign-in')), signup: h('a', { href: '#/signup' }, t('account.create-an-account')) }))));
    return;
  }
  const pw = passwordForm();
  pw.querySelector('h1').replaceWith(h('h2', { id: 'password-title' }, t('account.password.heading')));
  view.append(
    h('section', { class: 'card', 'aria-labelledby': 'account-title' }, h('h1', { id: 'account-title' }, t('account.your-account')),
      h('p', {}, ...tNodes('account.signed-in-page', { name: playerLink(a.username, { id: 'account-name' }) }))),
    pw, everywhereBox(), deleteForm(a.username));
}
