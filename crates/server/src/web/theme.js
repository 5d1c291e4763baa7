// The colour theme: the system's (light or dark) unless the player picked one with the header's
// toggle, which is remembered. Loaded as a classic script in <head>, so the chosen theme applies
// before the first paint. The CSS reads <html data-theme="light|dark"> (absent: the system's).
(function () {
  var KEY = 'hasami.theme';
  var root = document.documentElement;
  function stored() { try { return localStorage.getItem(KEY); } catch (e) { return null; } }
  function apply(t) { if (t === 'light' || t === 'dark') root.setAttribute('data-theme', t); else root.removeAttribute('data-theme'); }
  apply(stored());
  function current() {
    var t = root.getAttribute('data-theme');
    if (t) return t;
    return window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  function label(b) {
    var dark = current() === 'dark';
    b.textContent = dark ? '☾' : '☀';
    // The words come from the page's catalogue (app.js sets them); English until then.
    b.setAttribute('aria-label', (dark ? b.dataset.labelDark : b.dataset.labelLight)
      || (dark ? 'Dark theme (switch to light)' : 'Light theme (switch to dark)'));
    b.title = b.getAttribute('aria-label');
  }
  /** Labels the toggle again (once app.js has given it the words of the language shown). */
  window.hasamiTheme = { relabel: function () { var b = document.getElementById('theme-toggle'); if (b) label(b); } };
  document.addEventListener('DOMContentLoaded', function () {
    var b = document.getElementById('theme-toggle');
    if (!b) return;
    label(b);
    b.addEventListener('click', function () {
      var next = current() === 'dark' ? 'light' : 'dark';
      apply(next);
      try { localStorage.setItem(KEY, next); } catch (e) { /* private mode */ }
      label(b);
    });
  });
})();
