// The page's only script, inlined: filters by status, operation and text, expand/collapse, copy.
// The page reads fine without it; the script only hides and shows.
export const SCRIPT = `
(function () {
  var cases = Array.prototype.slice.call(document.querySelectorAll('details.case'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('.op-group'));
  var chips = Array.prototype.slice.call(document.querySelectorAll('.chip[data-status]'));
  var op = document.getElementById('filter-op');
  var q = document.getElementById('filter-q');
  var shown = document.getElementById('shown');
  function on(chip) { return chip.getAttribute('aria-pressed') !== 'false'; }
  function apply() {
    var statuses = {};
    chips.forEach(function (c) { statuses[c.dataset.status] = on(c); });
    var text = (q.value || '').toLowerCase();
    var n = 0;
    cases.forEach(function (el) {
      var ok = statuses[el.dataset.status] && (!op.value || el.dataset.op === op.value) && (!text || el.textContent.toLowerCase().indexOf(text) >= 0);
      el.classList.toggle('hidden', !ok);
      if (ok) n += 1;
    });
    groups.forEach(function (g) { g.classList.toggle('hidden', !g.querySelector('details.case:not(.hidden)')); });
    shown.textContent = n + ' of ' + cases.length + ' cases shown';
  }
  chips.forEach(function (c) { c.addEventListener('click', function () { c.setAttribute('aria-pressed', on(c) ? 'false' : 'true'); apply(); }); });
  op.addEventListener('change', apply);
  q.addEventListener('input', apply);
  document.getElementById('only-failures').addEventListener('click', function () {
    chips.forEach(function (c) { c.setAttribute('aria-pressed', c.dataset.status === 'failed' || c.dataset.status === 'errored' ? 'true' : 'false'); });
    apply();
  });
  document.getElementById('show-all').addEventListener('click', function () {
    chips.forEach(function (c) { c.setAttribute('aria-pressed', 'true'); }); op.value = ''; q.value = ''; apply();
  });
  document.getElementById('expand').addEventListener('click', function () { cases.forEach(function (d) { if (!d.classList.contains('hidden')) d.open = true; }); });
  document.getElementById('collapse').addEventListener('click', function () { cases.forEach(function (d) { d.open = false; }); });
  var cchips = Array.prototype.slice.call(document.querySelectorAll('.cchip'));
  cchips.forEach(function (c) {
    c.addEventListener('click', function () {
      c.setAttribute('aria-pressed', on(c) ? 'false' : 'true');
      var want = {};
      cchips.forEach(function (x) { want[x.dataset.cstatus] = on(x); });
      document.querySelectorAll('tr.clause').forEach(function (tr) { tr.classList.toggle('hidden', !want[tr.dataset.cstatus]); });
    });
  });
  document.querySelectorAll('button.copy').forEach(function (b) {
    b.addEventListener('click', function () {
      var done = function () { b.textContent = 'copied'; setTimeout(function () { b.textContent = 'copy'; }, 1200); };
      if (navigator.clipboard) navigator.clipboard.writeText(b.dataset.copy).then(done, function () {});
    });
  });
  // A link to a case (from the clause table) opens it and makes sure the filters show it.
  function reveal() {
    var el = location.hash && document.getElementById(location.hash.slice(1));
    if (el && el.tagName === 'DETAILS') { el.classList.remove('hidden'); el.open = true; var g = el.closest('.op-group'); if (g) g.classList.remove('hidden'); el.scrollIntoView(); }
  }
  window.addEventListener('hashchange', reveal);
  apply();
  reveal();
  document.body.setAttribute('data-ready', 'true');
})();
`;
