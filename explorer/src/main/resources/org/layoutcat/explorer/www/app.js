// layoutcat explorer: the page. It asks the engine for a view (/api/view) and draws its grids on a canvas that zooms
// and pans; everything it shows comes from this page's own server. No build step: a plain ES module.

const $ = (id) => document.getElementById(id);

// ---- the forms: each kind's positional arguments (in order, as `layoutcat draw KIND ARGS` takes them) and options
const SWIZZLES = [
  ['GMMA K-major SW128 atom, 16-bit', 'Sw<3,3,3> o 0 o (8,64):(64,1)', '2'],
  ['GMMA K-major SW64 atom, 16-bit', 'Sw<2,3,3> o 0 o (8,32):(32,1)', '2'],
  ['GMMA K-major SW32 atom, 16-bit', 'Sw<1,3,3> o 0 o (8,16):(16,1)', '2'],
  ['GMMA MN-major SW128 atom, 16-bit', 'Sw<3,3,3> o 0 o (64,8):(1,64)', '2'],
  ['CuTe printout: SW128 atom, pointer form', 'Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)', '2'],
  ['128×64 tile of the SW128 atom', 'Sw<3,3,3> o 0 o ((8,16),(64,1)):((64,512),(1,0))', '2'],
  ['256×256 row-major', '(256,256):(256,1)', ''],
];
// the forms come from the table (/api/schema): a view is an operation and its picture, its fields the operation's
// parameters (as `layoutcat draw NAME ARGS` takes them, its trailing options after) and the picture's options
let forms = {};

/** The forms of the schema's views, and the operation form, by name. */
function formsOf(schema) {
  const out = {};
  for (const v of schema.views) {
    const grid = v.view === 'GRID';
    // a grid opens on its first preset (the SW128 atom of halves), its element bytes following
    const args = grid ? v.args.map((a, i) => ({ ...a, value: i < 2 ? SWIZZLES[0][1 + i] : a.value })) : v.args;
    out[v.name] = { label: v.label, view: v.view, help: v.help, args, options: v.options, presets: grid ? SWIZZLES : undefined };
  }
  out.op = { label: 'operation' };
  return out;
}

// a cell is CW × CH at zoom 1; the margins and the gaps between panels stay GAP screen pixels at every zoom, so that
// names and indices keep their room
const CW = 44, CH = 30, GAP = 48, OX = 52, OY = 40;

let catalog = { ops: [], mma: [], copy: [], examples: [], palette: [] };
let kind = 'layout';
let view = null;       // the view the engine answered
let shown = null;      // the request it answers (what the downloads draw)
let lit = null;        // for the selected thread: per panel, the set of elements it holds
let placed = [];       // its panels with their world rectangles
let selected = null;   // the selected thread, or null
let hover = null;      // {p, r, c}
let k = 1, tx = 0, ty = 0;  // world → screen: x·k + tx
let stepIndex = 0;
let serial = 0;
let blobs = [];
// The view's own state in its link, beside the request: the selected thread, the walkthrough's step (from 1), the
// zoom and the pan. A permalink's state is applied once its view is shown, and the link follows every change.
const VIEW_KEYS = ['thread', 'step', 'zoom', 'x', 'y'];
const STATE_KEYS = [...VIEW_KEYS, 'by']; // and the colouring chosen (by=warp)
let pending = null;    // the state a link asks for, until its view is shown
let syncing = null;    // the timer that writes the state into the link

// ---- starting up
async function start() {
  const [c, schema] = await Promise.all([fetch('/api/catalog'), fetch('/api/schema')]);
  catalog = await c.json();
  forms = formsOf(await schema.json());
  for (const list of ['mma', 'copy']) {
    const d = document.createElement('datalist');
    d.id = 'list-' + list;
    for (const n of catalog[list]) d.append(new Option(n));
    document.body.append(d);
  }
  const nav = $('kinds');
  for (const name of Object.keys(forms)) {
    const b = document.createElement('button');
    b.type = 'button'; b.textContent = forms[name].label; b.dataset.kind = name;
    b.addEventListener('click', () => { choose(name); run(true); });
    nav.append(b);
  }
  const gallery = $('gallery');
  const groups = new Map();
  catalog.examples.forEach((e, i) => {
    if (!groups.has(e.source)) { const g = document.createElement('optgroup'); g.label = e.source; groups.set(e.source, g); gallery.append(g); }
    groups.get(e.source).append(new Option(`${e.section} · ${e.title}`, String(i)));
  });
  gallery.addEventListener('change', () => {
    const e = catalog.examples[Number(gallery.value)];
    if (!e) return;
    choose(e.kind, e.args, {});
    run(true);
  });
  wireView();
  window.addEventListener('popstate', () => { fromUrl(); run(false); });
  if (!fromUrl()) choose('layout');
  await run(false);
}

/** Reads the request in the URL into the form; false where the URL has none. */
function fromUrl() {
  const q = new URLSearchParams(location.search);
  const k0 = q.get('kind');
  if (!k0 || !forms[k0]) return false;
  const options = {};
  for (const [key, v] of q) if (key !== 'kind' && key !== 'a' && !STATE_KEYS.includes(key)) options[key] = v;
  const args = q.getAll('a');
  choose(k0, args.length ? args : undefined, options); // a bare ?kind=copy: the form's own example
  pending = {};
  for (const key of VIEW_KEYS) if (q.has(key) && Number.isFinite(Number(q.get(key)))) pending[key] = Number(q.get(key));
  if (colouringNamed(q.get('by'))) pending.by = q.get('by');
  return true;
}

/** Shows the form of a kind, filled with args and options (or the form's own examples). */
function choose(name, args, options) {
  kind = name;
  for (const b of $('kinds').children) b.setAttribute('aria-pressed', String(b.dataset.kind === name));
  const form = $('form');
  form.replaceChildren();
  const spec = forms[name];
  if (name === 'op') {
    opForm(form, args);
  } else {
    spec.args.forEach((a, i) => form.append(field('a' + i, a, args ? args[i] ?? '' : a.value)));
    const bytes = spec.args.findIndex((a) => a.name === 'elem'); // an element's bytes follow the layout's pointer width
    if (bytes > 0 && spec.view !== 'FIGURE') followWidth(form, 'a0', 'a' + bytes);
    for (const o of spec.options ?? []) form.append(field('o-' + o.name, o, options && o.name in options ? options[o.name] : o.value));
    if (spec.presets) {
      const sel = document.createElement('select');
      sel.append(new Option('swizzle atoms and tiles…', ''));
      spec.presets.forEach((p, i) => sel.append(new Option(p[0], String(i))));
      sel.addEventListener('change', () => {
        const p = spec.presets[Number(sel.value)];
        if (!p) return;
        form.elements.a0.value = p[1]; form.elements.a1.value = p[2];
        form.elements.a0.dispatchEvent(new Event('change'));
        run(true);
      });
      const l = document.createElement('label'); l.textContent = 'presets'; l.append(sel); form.append(l);
    }
  }
  if (spec.help) { const h = document.createElement('p'); h.className = 'help'; h.textContent = spec.help; form.append(h); }
  const go = document.createElement('button'); go.type = 'submit'; go.textContent = 'show'; go.id = 'show';
  form.append(go);
  form.onsubmit = (ev) => { ev.preventDefault(); run(true); };
}

/**
 * An element-bytes field that follows the layout field's width: where the layout is CuTe's pointer form
 * smem_ptr[Nb], its elements are N/8 bytes, the one width the engine counts banks with (it refuses another), so the
 * form never sends its default against the pointer's. A field left at (none) stays so.
 */
function followWidth(form, layoutId, bytesId) {
  const layout = form.elements[layoutId], bytes = form.elements[bytesId];
  if (!bytes || !bytes.options) return; // a field of element bytes to choose from, not a type's name
  const follow = () => {
    const m = /smem_ptr\[(\d+)b\]/.exec(layout.value);
    if (!m || bytes.value === '') return;
    const b = String(Number(m[1]) / 8);
    if ([...bytes.options].some((o) => o.value === b)) bytes.value = b;
  };
  layout.addEventListener('input', follow);
  layout.addEventListener('change', follow); // on an edit only: a request read from a link is sent as it is
}

function field(id, spec, value) {
  const l = document.createElement('label');
  l.textContent = spec.label;
  let input;
  if (spec.choices) {
    input = document.createElement('select');
    for (const c of spec.choices) input.append(new Option(c === '' ? '(none)' : c, c));
    if (value && !spec.choices.includes(value)) input.append(new Option(value, value));
  } else {
    input = document.createElement('input');
    input.type = 'text'; input.spellcheck = false;
    if (spec.list) input.setAttribute('list', 'list-' + spec.list);
  }
  input.name = id; input.id = 'f-' + id; input.value = value ?? '';
  l.append(input);
  return l;
}

/** The operation form: the table's operations, and an input per parameter of the one chosen. */
function opForm(form, args) {
  const sel = document.createElement('select');
  sel.name = 'op'; sel.id = 'f-op';
  const groups = new Map();
  for (const o of catalog.ops) {
    if (!groups.has(o.group)) { const g = document.createElement('optgroup'); g.label = o.group; groups.set(o.group, g); sel.append(g); }
    groups.get(o.group).append(new Option(o.name, o.name));
  }
  const l = document.createElement('label'); l.textContent = 'operation of the table'; l.append(sel); form.append(l);
  const box = document.createElement('div'); form.append(box);
  const help = document.createElement('p'); help.className = 'help'; form.append(help);
  const fill = (values) => {
    const o = catalog.ops.find((x) => x.name === sel.value);
    box.replaceChildren();
    if (!o) return;
    help.textContent = `${o.usage}: ${o.help}`;
    const params = o.usage.split(' ').slice(1);
    const n = Math.max(params.length, values ? values.length : 0);
    for (let i = 0; i < n; i++) {
      box.append(field('a' + i, { label: params[i] ?? 'argument ' + (i + 1) }, values ? values[i] ?? '' : o.example[i] ?? ''));
    }
  };
  const first = catalog.ops[0].name; // the table's first operation, unless the request names one
  const name = args && args.length ? args[0] : first;
  sel.value = catalog.ops.some((o) => o.name === name) ? name : first;
  fill(args && args.length && args[0] === sel.value ? args.slice(1) : null);
  sel.addEventListener('change', () => fill(null));
}

/** The request the form holds. */
function request() {
  const form = $('form');
  const args = [];
  const options = {};
  if (kind === 'op') args.push(form.elements.op.value);
  for (let i = 0; form.elements['a' + i]; i++) args.push(form.elements['a' + i].value.trim());
  while (args.length > 1 && args[args.length - 1] === '') args.pop();
  for (const o of forms[kind].options ?? []) {
    const v = form.elements['o-' + o.name].value.trim();
    if (v !== '') options[o.name] = v;
  }
  return { kind, args, options };
}

function urlOf(r) {
  const q = new URLSearchParams();
  q.set('kind', r.kind);
  for (const a of r.args) q.append('a', a);
  for (const [key, v] of Object.entries(r.options)) q.set(key, v);
  return location.pathname + '?' + q.toString();
}

// ---- asking the engine
async function post(path, body) {
  return fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

async function run(push) {
  const began = performance.now();
  clearTimeout(syncing); // the last view's state is not written into this one's link
  const r = request();
  const mine = ++serial;
  const url = urlOf(r);
  const now = new URLSearchParams(location.search);
  for (const key of STATE_KEYS) now.delete(key);
  if (push && url !== location.pathname + '?' + now.toString()) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
  $('title').textContent = '…';
  let reply, answered, parsed;
  try {
    const res = await post('/api/view', r);
    answered = performance.now();
    reply = await res.json();
    parsed = performance.now();
  } catch (e) {
    reply = { error: 'the explorer did not answer: ' + e };
  }
  if (mine !== serial) return;
  if (reply.error) { showError(reply.error); return; }
  showError(null);
  shown = r;
  show(reply);
  if (pending) { const state = pending; pending = null; restore(state); } // once, even where the state is bad
  timings.view = Math.round(performance.now() - began);
  timings.parts = { answer: Math.round(answered - began), json: Math.round(parsed - answered), show: Math.round(performance.now() - parsed) };
  if (timings.firstView == null) timings.firstView = Math.round(performance.now());
}

/** How long the last view took from asking to drawn, and when the first was drawn after the page began (ms). */
const timings = { view: null, parts: null, firstView: null, download: null };

function showError(message) {
  const box = $('error');
  const inputs = $('form').querySelectorAll('input');
  if (message == null) {
    box.hidden = true; box.textContent = '';
    inputs.forEach((i) => i.removeAttribute('aria-invalid'));
    return;
  }
  box.hidden = false; box.textContent = message;
  inputs.forEach((i) => i.setAttribute('aria-invalid', String(i.value !== '' && message.includes(i.value.trim()))));
  // nothing of the last view stays on show beside a refusal
  pending = null;
  clearTimeout(syncing);
  view = null; shown = null; placed = []; hover = null; selected = null; lit = null;
  relegend();
  $('title').textContent = 'refused: see the reason beside the input';
  for (const id of ['notes', 'figures']) $(id).replaceChildren();
  for (const id of ['stepper', 'reply', 'code', 'inspect', 'ranking']) $(id).hidden = true;
  $('viewport').classList.add('empty');
  for (const b of ['copy-text', 'copy-cpp', 'copy-dsl', 'copy-decl', 'get-svg', 'get-png', 'get-tex']) $(b).disabled = true;
  for (const b of ['fit', 'zoom-in', 'zoom-out']) $(b).hidden = true; // nothing to zoom
}

// ---- showing a view
function show(v) {
  view = v;
  selected = null; lit = null; hover = null; stepIndex = 0;
  $('thread').value = '';
  $('cell').textContent = 'hover a cell, or focus the picture and move with the arrow keys: its index, coordinate and offset';
  $('tip').hidden = true;
  $('title').textContent = v.title ?? '';
  const notes = $('notes');
  notes.replaceChildren(...(v.notes ?? []).map((n) => { const li = document.createElement('li'); li.textContent = n; return li; }));
  showRanking(v.ranking);
  $('code').hidden = true;
  const reply = $('reply');
  if (v.reply) {
    reply.hidden = false;
    reply.textContent = Object.entries(v.reply).filter(([key]) => key !== 'id')
      .map(([key, val]) => `${key}: ${typeof val === 'string' ? val : JSON.stringify(val)}`).join('\n');
  } else reply.hidden = true;
  for (const b of ['copy-text', 'copy-decl', 'get-svg', 'get-png', 'get-tex']) $(b).disabled = false;
  // buttons that would do nothing in this view are hidden: no C++ or DSL form, no layout to declare, no grid to zoom or draw
  $('copy-cpp').hidden = !(v.request && v.request.cpp);
  $('copy-dsl').hidden = !(v.request && v.request.dsl);
  $('copy-cpp').disabled = false; $('copy-dsl').disabled = false;
  $('copy-decl').hidden = !(v.request && v.request.decl); // the result is a layout, which a C++ type can declare
  $('copy-cpp').title = v.request && !v.request.cpp ? `${v.request.op} has no CuTe C++ counterpart to test` : 'a self-contained CuTe C++ test asserting this answer';
  $('copy-dsl').title = v.request && !v.request.dsl ? `${v.request.op} has no CuTe DSL counterpart` : 'the same check in CuTe DSL (Python)';
  shareLayers(v.panels ?? []);
  place(v.panels ?? []);
  colourings();
  $('viewport').classList.toggle('empty', placed.length === 0);
  for (const b of ['fit', 'zoom-in', 'zoom-out']) $(b).hidden = placed.length === 0;
  const drawable = placed.length > 0 || (v.figures ?? []).length > 0 || kind !== 'op'; // an op view draws its result's grid
  for (const b of ['get-svg', 'get-png', 'get-tex']) $(b).hidden = !drawable;
  $('inspect').hidden = placed.length === 0;
  blobs.forEach((u) => URL.revokeObjectURL(u));
  blobs = [];
  showFigures();
  if (placed.length) { resize(); fit(); }
}

// ---- the swizzle search's ranking: a table of its candidates; choosing one asks for the view again with its rank (the
// picture's trailing argument, so that the link and `layoutcat draw swizzle-search ... RANK` name the same candidate)
let focusRank = null;  // the rank chosen from the table, whose row takes the focus back once its view is shown

/** The ranking's table, the chosen candidate's row marked and in sight; none for a view without a ranking. */
function showRanking(ranking) {
  const box = $('ranking');
  if (!ranking) { box.hidden = true; box.replaceChildren(); focusRank = null; return; }
  const table = document.createElement('table');
  const cap = document.createElement('caption');
  cap.textContent = `${ranking.candidates.length} candidates ranked (of ${ranking.tried} tried) by their wavefronts under ${ranking.accesses.join(' and ')},`
    + ` against the lower bound of ${ranking.lowerBound} wavefronts`
    + (ranking.xor ? `; outside Sw<B,M,S>: ${ranking.xor}` : '') + '. Choose one to draw its banks.';
  table.append(cap);
  const cols = document.createElement('colgroup'); // fixed widths: the table is laid out from them, not from its every cell
  for (const w of ['4.5em', null, ...ranking.accesses.map(() => '7em'), '5em', '8.5em', '6.5em']) {
    const c = document.createElement('col'); if (w) c.style.width = w; cols.append(c);
  }
  table.append(cols);
  const head = table.createTHead().insertRow();
  const heads = [['rank'], ['candidate'], ...ranking.accesses.map((a) => [a.split(':')[0], a]), ['total', 'wavefronts of both copies'],
    ['vs bound', 'against the lower bound'], ['CUTLASS', "CUTLASS's choice (SM90 ss_smem_selector)"]];
  for (const [h, title] of heads) {
    const th = document.createElement('th'); th.scope = 'col'; th.textContent = h; th.title = title ?? h; head.append(th);
  }
  const body = table.createTBody();
  for (const c of ranking.candidates) {
    const tr = body.insertRow();
    tr.dataset.rank = String(c.rank);
    if (c.rank === ranking.chosen) { tr.className = 'chosen'; tr.setAttribute('aria-current', 'true'); }
    const b = document.createElement('button');
    b.type = 'button'; b.textContent = String(c.rank); b.setAttribute('aria-label', `draw the banks of candidate ${c.rank}, ${c.name}`);
    tr.insertCell().append(b);
    const name = tr.insertCell(); name.className = 'layout'; name.textContent = c.name; name.title = c.name; // one line, the whole on hover
    for (const w of c.perAccess) tr.insertCell().textContent = String(w);
    tr.insertCell().textContent = String(c.wavefronts);
    const over = c.wavefronts - ranking.lowerBound;
    tr.insertCell().textContent = over === 0 ? 'meets it' : `+${over} (${(c.wavefronts / ranking.lowerBound).toFixed(2)}×)`;
    tr.insertCell().textContent = c.cutlass ? 'CUTLASS' : '';
    tr.addEventListener('click', () => chooseCandidate(c.rank)); // a click on the row, or Enter on its button
  }
  box.replaceChildren(table);
  box.hidden = false;
  const asked = shown;
  setTimeout(() => searchPicture(asked), 0); // once this first picture is drawn
  const row = body.querySelector('tr.chosen');
  if (row && (ranking.chosen > 1 || focusRank != null)) { // the first row is in sight as it is: no layout asked for
    box.scrollTop = Math.max(0, row.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop - box.clientHeight / 2);
    if (focusRank === ranking.chosen) row.querySelector('button').focus();
  }
  focusRank = null;
}

/** A panel that shares another's offsets and banks (one tile under two copies, sent once) takes them from it. */
function shareLayers(panels) {
  for (const p of panels) {
    if (p.shares == null || !panels[p.shares]) continue;
    for (const key of ['offset', 'unswizzled', 'bank']) if (!p[key] && panels[p.shares][key]) p[key] = panels[p.shares][key];
  }
}

/**
 * The search's own picture below the grids: each copy's worst instruction against the 32 banks, under the ranking, as
 * `layoutcat draw swizzle-search` draws it (the draw endpoint, the request shown); dropped where another view came first.
 */
async function searchPicture(asked) {
  let res;
  try { res = await post('/api/draw?format=svg', asked); } catch (e) { return; }
  if (shown !== asked || !res.ok) return;
  const svg = await res.text();
  if (shown !== asked) return;
  const fig = document.createElement('figure');
  const cap = document.createElement('figcaption');
  cap.textContent = "each copy's worst instruction against the 32 banks, under the ranking (layoutcat draw swizzle-search)";
  const img = document.createElement('img');
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  blobs.push(url);
  img.src = url; img.alt = cap.textContent;
  img.addEventListener('click', () => img.classList.toggle('natural'));
  fig.append(cap, img);
  $('figures').append(fig);
}

/** Draws candidate `rank`'s banks: the form's rank field set, and the view asked for (a new entry of the history). */
function chooseCandidate(rank) {
  const at = (forms[kind].args ?? []).findIndex((a) => a.name === 'candidate');
  const field = at >= 0 ? $('form').elements['a' + at] : null;
  if (!field) return;
  field.value = String(rank);
  focusRank = rank;
  run(true);
}

/** Applies a link's view state: the step, then the zoom and pan, then the thread (each where the view has it). */
function restore(state) {
  if (state.step != null && view.steps) {
    stepIndex = Math.min(Math.max(0, Math.round(state.step) - 1), (view.figures ?? []).length - 1);
    showFigures();
  }
  if (state.zoom != null && placed.length) {
    k = Math.min(40, Math.max(0.01, state.zoom));
    tx = state.x ?? 0; ty = state.y ?? 0;
    draw();
  }
  if (colouringNamed(state.by) && placed.some((p) => COLOURINGS[state.by].has(p))) colourBy(state.by);
  if (state.thread != null && placed.some((p) => p.thread)) selectThread(Math.round(state.thread));
  syncLink();
}

/** The link of the view as it is now: the request's, and the view's state. */
function linkNow() {
  const q = new URLSearchParams(location.search);
  for (const key of STATE_KEYS) q.delete(key);
  if (selected != null) q.set('thread', String(selected));
  if (colouring) q.set('by', colouring);
  if (view && view.steps) q.set('step', String(stepIndex + 1));
  if (placed.length) { q.set('zoom', String(Math.round(k * 1000) / 1000)); q.set('x', String(Math.round(tx))); q.set('y', String(Math.round(ty))); }
  return location.pathname + '?' + q.toString();
}

/** Writes the view's state into the link, a quarter second after the last change (browsers throttle the history). */
function syncLink() {
  clearTimeout(syncing);
  syncing = setTimeout(() => { syncing = null; history.replaceState(null, '', linkNow()); }, 250);
}

function showFigures() {
  const box = $('figures');
  const figs = view.figures ?? [];
  const stepper = $('stepper');
  stepper.hidden = !view.steps;
  const shown = view.steps ? [figs[stepIndex]].filter(Boolean) : figs;
  box.replaceChildren(...shown.map((f) => {
    const fig = document.createElement('figure');
    const cap = document.createElement('figcaption'); cap.textContent = f.label;
    fig.append(cap);
    if (f.text != null) { // a step in words
      const p = document.createElement('p'); p.className = 'step-text'; p.textContent = f.text;
      fig.append(p);
      return fig;
    }
    const img = document.createElement('img');
    const url = URL.createObjectURL(new Blob([f.svg], { type: 'image/svg+xml' }));
    blobs.push(url);
    img.src = url; img.alt = f.label;
    img.addEventListener('click', () => img.classList.toggle('natural'));
    fig.append(img);
    return fig;
  }));
  if (view.steps) {
    syncLink();
    $('step').textContent = `step ${stepIndex + 1} of ${figs.length}: ${figs[stepIndex]?.label ?? ''}`;
    $('prev').disabled = stepIndex === 0;
    $('next').disabled = stepIndex >= figs.length - 1;
  }
}

/** Each panel: its cells at (x, y) in cell units; a panel right of or below another starts a gap further. */
function place(panels) {
  placed = panels.map((p, i) => ({ ...p, i, gx: OX + (p.x > 0 ? GAP : 0), gy: OY + (p.y > 0 ? GAP : 0) }));
  const cells = placed.reduce((n, p) => n + p.rows * p.cols, 0);
  $('grid').dataset.cells = String(cells);
}

// ---- the canvas
function resize() {
  const vp = $('viewport');
  const dpr = window.devicePixelRatio || 1;
  for (const c of [$('grid'), $('overlay')]) {
    c.width = Math.round(vp.clientWidth * dpr); c.height = Math.round(vp.clientHeight * dpr);
    c.style.width = vp.clientWidth + 'px'; c.style.height = vp.clientHeight + 'px';
  }
}

/** The screen position of a panel's cell (r, c)'s top left corner. */
function sx0(p) { return tx + p.gx + p.x * CW * k; }
function sy0(p) { return ty + p.gy + p.y * CH * k; }

/** The zoom at which every panel fits the viewport, its margins and gaps kept. */
function fit() {
  const vp = $('viewport');
  k = 1.5;
  for (const p of placed) {
    k = Math.min(k, (vp.clientWidth - 16 - p.gx) / ((p.x + p.cols) * CW), (vp.clientHeight - 16 - legendBand() - p.gy) / ((p.y + p.rows) * CH));
  }
  let right = 0;
  for (const p of placed) right = Math.max(right, p.gx + (p.x + p.cols) * CW * k);
  tx = Math.max(0, (vp.clientWidth - 16 - right) / 2); ty = 0;
  draw();
}

/** Zooms by factor about the screen point (sx, sy): the point of the panel there (or nearest) stays put. */
function zoom(factor, sx, sy) {
  const nk = Math.min(40, Math.max(0.01, k * factor));
  let p = placed[0];
  let best = Infinity;
  for (const q of placed) { // the panel whose rectangle is nearest the point
    const dx = Math.max(sx0(q) - sx, 0, sx - (sx0(q) + q.cols * CW * k)), dy = Math.max(sy0(q) - sy, 0, sy - (sy0(q) + q.rows * CH * k));
    if (dx * dx + dy * dy < best) { best = dx * dx + dy * dy; p = q; }
  }
  const gx = p ? p.gx : OX, gy = p ? p.gy : OY;
  tx = sx - gx - (sx - tx - gx) * (nk / k); ty = sy - gy - (sy - ty - gy) * (nk / k); k = nk;
  draw();
}

/** Colour n of the palette (the engine's, eight colours that stay apart under the common colour-vision deficiencies). */
function pal(n) { const P = catalog.palette; return P.length ? P[((n % P.length) + P.length) % P.length] : '#ddd'; }

/**
 * What a cell's colour can say, where its panel has it: each its colour index of an element (negative: the paper of
 * a cell no thread holds), and the words of the legend for colour i of those present.
 */
const COLOURINGS = {
  thread: { label: 'thread', has: (p) => p.thread, of: (p, e) => held(p, e) ? p.thread[e] : null, says: 'thread', entry: (i, P, cyc) => cyc ? `T${i}, T${i + P}, …` : `T${i}` },
  warp: { label: 'warp', has: (p) => p.thread, of: (p, e) => held(p, e) ? Math.floor(p.thread[e] / 32) : null, says: 'warp (32 threads)', entry: (i, P, cyc) => cyc ? `warps ${i}, ${i + P}, …` : `warp ${i}` },
  value: { label: 'value', has: (p) => p.value, of: (p, e) => held(p, e) ? p.value[e] : null, says: 'value', entry: (i, P, cyc) => cyc ? `V${i}, V${i + P}, …` : `V${i}` },
  bank: { label: 'bank', has: (p) => p.bank, of: (p, e) => Math.floor(p.bank[e] / 4), says: 'bank, four banks a colour', entry: (i) => `banks ${4 * i}–${4 * i + 3}` },
  quarter: { label: 'lane quarter', has: (p) => p.quarter, of: (p, e) => p.quarter[e] < 0 ? null : p.quarter[e], says: 'the quarter of lanes warp w reaches, w mod 4', entry: (i) => `lanes ${32 * i}–${32 * i + 31}: warps ${i}, ${i + 4}, …` },
  chunk: { label: '16-byte chunk', has: (p) => p.chunk, of: (p, e) => p.chunk[e] < 0 ? null : p.chunk[e], says: '16-byte chunk of its 128-byte line before the swizzle', entry: (i) => `chunk ${i}` },
  copy: { label: 'TMA copy', has: (p) => p.copy, of: (p, e) => p.copy[e] < 0 ? null : p.copy[e], says: 'the TMA copy that moves it', entry: (i, P, cyc) => cyc ? `copies ${i}, ${i + P}, …` : `copy ${i}` },
  row: { label: 'row', has: () => true, of: (p, e) => p.transposed ? Math.floor(e / p.cols) : e % p.rows, says: 'row', entry: (i, P, cyc) => cyc ? `rows ${i}, ${i + P}, …` : `row ${i}` },
  column: { label: 'column', has: () => true, of: (p, e) => p.transposed ? e % p.cols : Math.floor(e / p.rows), says: 'column', entry: (i, P, cyc) => cyc ? `columns ${i}, ${i + P}, …` : `column ${i}` },
  // an offset may be negative ((4,2):(-1,4)): its colour is its residue, as draw layout colours it
  offset: { label: 'offset', has: (p) => p.offset, of: (p, e) => p.offset[e], says: 'offset', entry: (i, P, cyc) => cyc ? `offsets ≡ ${i}` : `offset ${i}` },
};
/** Whether a thread holds element e of a panel of threads (a panel without them holds every element). */
function held(p, e) { return !p.thread || p.thread[e] >= 0; }
/** A colouring's name, if it is one (a link's by= is read with it: not a name Object's prototype has). */
function colouringNamed(name) { return name != null && Object.hasOwn(COLOURINGS, name) ? name : null; }
/** The palette's colour index of a colour index, by its residue (an offset may be negative). */
function residue(n, P) { return ((n % P) + P) % P; }
let colouring = null;  // the colouring chosen for the view, or null: each panel's own

/** A panel's colouring: the one chosen where the panel has what it needs, else the panel's own (null: none). */
function colouringOf(p) {
  if (colouring && COLOURINGS[colouring].has(p)) return colouring;
  return colouringNamed(p.colour);
}

/**
 * The legend of the picture as coloured now: per colouring in use, its colours with what each stands for (the
 * indices present, or their residues mod 8 where more than eight are), then the marks the view draws.
 */
function legendOf() {
  const P = catalog.palette.length || 8;
  const groups = [];
  for (const m of new Set(placed.map(colouringOf).filter(Boolean))) {
    let cyc = false;
    const present = new Set();
    for (const p of placed) {
      if (colouringOf(p) !== m) continue;
      for (let e = 0; e < p.rows * p.cols; e++) {
        const n = COLOURINGS[m].of(p, e);
        if (n == null) continue;
        present.add(residue(n, P));
        if (n >= P || n < 0) cyc = true;
      }
    }
    groups.push({ title: 'colour: ' + COLOURINGS[m].says + (cyc ? ` (mod ${P})` : ''),
      entries: [...present].sort((a, b) => a - b).map((i) => ({ fill: pal(i), text: COLOURINGS[m].entry(i, P, cyc) })) });
  }
  const marks = [];
  const byThread = (p) => ['thread', 'warp', 'value'].includes(colouringOf(p));
  if (placed.some((p) => p.thread && byThread(p) && p.thread.some((t) => t < 0))) marks.push({ fill: '#ffffff', text: 'no thread' });
  if (placed.some((p) => p.ways && p.ways.some((w) => w > 1))) marks.push({ stroke: '#c62828', text: 'bank conflict' });
  if (selected != null) marks.push({ stroke: '#1d2433', text: `thread ${selected}` });
  if (placed.some((p) => p.holders && p.holders.some((h) => h > 1))) marks.push({ stroke: '#1d2433', dash: true, text: 'held by several' });
  if (marks.length) groups.push({ title: 'marks', entries: marks });
  return groups;
}

let legend = [];       // the legend of the view as coloured now (legendOf), and its words for screen readers
function relegend() {
  legend = placed.length ? legendOf() : [];
  $('legend-text').textContent = legend.map((g) => `${g.title}: ${g.entries.map((x) => x.text).join('; ')}`).join('. ');
}

/** The colourings the view's panels allow, offered in the colour menu (hidden where there is no choice). */
function colourings() {
  colouring = null;
  const allowed = Object.keys(COLOURINGS).filter((m) => placed.some((p) => COLOURINGS[m].has(p)));
  const sel = $('colour');
  sel.replaceChildren(new Option('as drawn', ''), ...allowed.map((m) => new Option(COLOURINGS[m].label, m)));
  sel.value = '';
  sel.parentElement.hidden = allowed.length < 2;
  relegend();
}

function colourBy(m) {
  colouring = colouringNamed(m);
  $('colour').value = colouring ?? '';
  relegend();
  draw();
}

let legendTop = Infinity; // where the legend's band begins on screen: the cells under it are not pointed at
const LEGEND_FONT = '11px system-ui, sans-serif', LEGEND_ROW = 18;

/** The legend's items laid out in rows across width W: each its x and row. */
function legendRows(ctx, W) {
  ctx.font = LEGEND_FONT;
  const items = [];
  let x = 8, row = 0;
  for (const g of legend) {
    const parts = [{ title: g.title, w: ctx.measureText(g.title).width + 8 }, ...g.entries.map((e) => ({ e, w: 16 + ctx.measureText(e.text).width + 12 }))];
    parts.forEach((it, j) => {
      const w = j === 0 && parts.length > 1 ? it.w + parts[1].w : it.w; // a title stays with its first entry
      if (x + w > W - 8 && x > 8) { x = 8; row++; }
      items.push({ ...it, x, row });
      x += it.w;
    });
    x += 10;
  }
  return { items, rows: items.length ? row + 1 : 0 };
}

/** The height of the legend's band at the viewport's bottom (fit keeps the picture above it). */
function legendBand() {
  const ctx = $('grid').getContext('2d');
  const n = legendRows(ctx, $('viewport').clientWidth).rows;
  return n ? n * LEGEND_ROW + 8 : 0;
}

/** The legend on the canvas: a band at its bottom, each colour a swatch with what it stands for, then the marks. */
function drawLegend(ctx, W, H) {
  const { items, rows } = legendRows(ctx, W);
  legendTop = Infinity;
  if (!rows) return;
  const top = H - rows * LEGEND_ROW - 8;
  legendTop = top;
  ctx.fillStyle = 'rgba(255,255,255,.93)'; ctx.fillRect(0, top, W, H - top);
  ctx.strokeStyle = '#d5dae3'; ctx.lineWidth = 1; ctx.beginPath(); ctx.moveTo(0, top + .5); ctx.lineTo(W, top + .5); ctx.stroke();
  ctx.font = LEGEND_FONT; ctx.textAlign = 'left'; ctx.textBaseline = 'middle';
  for (const it of items) {
    const y = top + 4 + it.row * LEGEND_ROW + LEGEND_ROW / 2;
    if (it.title) { ctx.fillStyle = '#5b6577'; ctx.fillText(it.title, it.x, y); continue; }
    const e = it.e;
    ctx.fillStyle = e.fill ?? '#ffffff'; ctx.fillRect(it.x, y - 6, 12, 12);
    ctx.strokeStyle = e.stroke ?? 'rgba(29,36,51,.45)'; ctx.lineWidth = e.stroke ? 2 : 1; ctx.setLineDash(e.dash ? [3, 2] : []);
    ctx.strokeRect(it.x + .5, y - 5.5, 11, 11);
    ctx.setLineDash([]); ctx.lineWidth = 1;
    ctx.fillStyle = '#1d2433'; ctx.fillText(e.text, it.x + 16, y);
  }
}

function element(p, r, c) { return p.transposed ? c + p.cols * r : r + p.rows * c; }

function lines(p, e) {
  if (p.text) return [p.text[e]];
  if (p.copy && !p.tmaCoord) { const q = placed[p.peerPanel]; return p.peer[e] < 0 ? [] : [crd(p.peer[e], q.shape)]; } // shared memory: the tile element
  if (p.copy && p.offset) return p.copy[e] < 0 ? [String(p.offset[e])] : [String(p.offset[e]), `copy ${p.copy[e]}`];
  if (p.offset && p.thread && p.bank) return [String(p.offset[e]), p.thread[e] >= 0 ? `T${p.thread[e]}` : `b${p.bank[e]}`];
  if (p.offset && p.thread) return [String(p.offset[e])];
  if (p.offset) return p.bank ? [String(p.offset[e]), 'b' + p.bank[e]] : [String(p.offset[e])];
  if (p.thread) return p.thread[e] < 0 ? [] : p.address ? [`T${p.thread[e]} V${p.value[e]}`, `@${p.address[e]}`] : [`T${p.thread[e]}`, `V${p.value[e]}`];
  return [];
}

/** Paints the cells on screen: colour, grid lines and, where cells are large enough, their text. */
function draw() {
  const canvas = $('grid');
  const ctx = canvas.getContext('2d');
  const dpr = window.devicePixelRatio || 1;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  const W = canvas.width / dpr, H = canvas.height / dpr;
  ctx.clearRect(0, 0, W, H);
  const cw = CW * k, ch = CH * k;
  let drawn = 0;
  const font = Math.min(12, ch * 0.36);
  for (const p of placed) {
    const x0 = sx0(p), y0 = sy0(p);
    const c0 = Math.max(0, Math.floor(-x0 / cw)), c1 = Math.min(p.cols, Math.ceil((W - x0) / cw));
    const r0 = Math.max(0, Math.floor(-y0 / ch)), r1 = Math.min(p.rows, Math.ceil((H - y0) / ch));
    if (y0 - 8 > 0 && x0 < W) {
      ctx.fillStyle = '#1d2433'; ctx.font = '600 13px system-ui, sans-serif'; ctx.textAlign = 'left'; ctx.textBaseline = 'alphabetic';
      ctx.fillText(fitted(ctx, p.name, titleRoom(p, x0, W)), x0, y0 - 20);
    }
    const text = font >= 8 && cw >= 30; // where text can be read: below 8 px it is noise, and costs a frame its budget
    if (c1 > c0 && r1 > r0) { // the visible cells of the panel's bitmap, one pixel a cell, scaled without smoothing
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(bitmap(p), c0, r0, c1 - c0, r1 - r0, x0 + c0 * cw, y0 + r0 * ch, (c1 - c0) * cw, (r1 - r0) * ch);
      drawn += (c1 - c0) * (r1 - r0);
    }
    if (text) { // text only where cells are large enough to read it: few cells on screen
      ctx.fillStyle = '#1d2433'; ctx.font = `${font}px ui-monospace, Menlo, monospace`; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
      for (let c = c0; c < c1; c++) {
        for (let r = r0; r < r1; r++) {
          const ls = lines(p, element(p, r, c));
          const sx = x0 + c * cw, sy = y0 + r * ch;
          ls.forEach((t, j) => ctx.fillText(t, sx + cw / 2, sy + ch / 2 + (j - (ls.length - 1) / 2) * font * 1.1, cw - 2));
        }
      }
    }
    if (cw >= 5) { // grid lines
      ctx.strokeStyle = 'rgba(29,36,51,.35)'; ctx.lineWidth = 1;
      ctx.beginPath();
      for (let c = c0; c <= c1; c++) { const sx = Math.round(x0 + c * cw) + .5; ctx.moveTo(sx, y0 + r0 * ch); ctx.lineTo(sx, y0 + r1 * ch); }
      for (let r = r0; r <= r1; r++) { const sy = Math.round(y0 + r * ch) + .5; ctx.moveTo(x0 + c0 * cw, sy); ctx.lineTo(x0 + c1 * cw, sy); }
      ctx.stroke();
    }
    if (p.holders && cw >= 16) { // an element several pairs hold: dashed (where cells are large enough to tell)
      ctx.setLineDash([3, 2]); ctx.strokeStyle = '#1d2433';
      for (let c = c0; c < c1; c++) for (let r = r0; r < r1; r++) {
        if (p.holders[element(p, r, c)] > 1) ctx.strokeRect(x0 + c * cw + 2, y0 + r * ch + 2, cw - 4, ch - 4);
      }
      ctx.setLineDash([]);
    }
    if (p.ways && cw >= 4) { // a bank conflict: the elements read from a bank that holds several words in the phase
      ctx.strokeStyle = '#c62828'; ctx.lineWidth = 2; ctx.setLineDash([]);
      for (let c = c0; c < c1; c++) for (let r = r0; r < r1; r++) {
        if (p.ways[element(p, r, c)] > 1) ctx.strokeRect(x0 + c * cw + 1.5, y0 + r * ch + 1.5, cw - 3, ch - 3);
      }
      ctx.lineWidth = 1;
    }
    if (selected != null && p.thread) { // the selected thread's values: outlined in ink (red marks bank conflicts alone)
      ctx.strokeStyle = '#1d2433'; ctx.lineWidth = 2.5;
      for (let c = c0; c < c1; c++) for (let r = r0; r < r1; r++) {
        if (holds(p, element(p, r, c))) ctx.strokeRect(x0 + c * cw + 1, y0 + r * ch + 1, cw - 2, ch - 2);
      }
      ctx.lineWidth = 1;
    }
    indices(ctx, p, x0, y0, cw, ch, r0, r1, c0, c1);
  }
  canvas.dataset.drawn = String(drawn);
  drawLegend(ctx, W, H);
  drawOverlay();
  if (view) syncLink();
}

/** The room for a panel's title: up to the next panel to its right on the same row, else the canvas's edge. */
function titleRoom(p, x0, W) {
  let right = W - x0 - 4;
  for (const q of placed) if (q !== p && q.y === p.y && sx0(q) > x0) right = Math.min(right, sx0(q) - x0 - 12);
  return Math.max(40, right);
}

/** A text cut with an ellipsis to fit a width in the context's font. */
function fitted(ctx, text, width) {
  if (ctx.measureText(text).width <= width) return text;
  let lo = 0, hi = text.length;
  while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (ctx.measureText(text.slice(0, mid) + '…').width <= width) lo = mid; else hi = mid - 1; }
  return text.slice(0, lo) + '…';
}

/**
 * A panel's cells as a bitmap of one pixel a cell, in their colours, faint where the view dims them (the cells the
 * selected thread does not hold; a bank tile's cells the instruction does not read): made once for the panel and the
 * selection, then drawn scaled at every frame, so that a zoom or a pan costs one image however many cells.
 */
function bitmap(p) {
  const key = `${selected}|${colouring}`;
  if (p.bmp && p.bmpKey === key) return p.bmp;
  const canvas = document.createElement('canvas');
  canvas.width = p.cols; canvas.height = p.rows;
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(p.cols, p.rows);
  const d = img.data;
  // the palette's colours as bytes, read once; each cell the colour of its colouring's index (none: the paper)
  const rgb = (catalog.palette.length ? catalog.palette : ['#dddddd']).map(colour), paper = colour('#ffffff');
  const m = colouringOf(p), of = m ? COLOURINGS[m].of : null;
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0; c < p.cols; c++) {
      const e = element(p, r, c);
      const n = of ? of(p, e) : null;
      const v = n == null ? paper : rgb[residue(n, rgb.length)];
      const dim = selected != null && p.thread && !holds(p, e);
      const i = 4 * (r * p.cols + c);
      d[i] = v[0]; d[i + 1] = v[1]; d[i + 2] = v[2];
      d[i + 3] = dim ? 46 : p.ways && p.ways[e] === 0 ? 89 : 255; // 0.18 and 0.35 of opaque
    }
  }
  ctx.putImageData(img, 0, 0);
  p.bmp = canvas; p.bmpKey = key;
  return canvas;
}

/** A CSS colour's red, green and blue, as the canvas reads it. */
function colour(css) {
  const probe = colour.ctx ?? (colour.ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true }));
  probe.clearRect(0, 0, 1, 1);
  probe.fillStyle = css; probe.fillRect(0, 0, 1, 1);
  const px = probe.getImageData(0, 0, 1, 1).data;
  return [px[0], px[1], px[2]];
}

/** Row indices left of a panel and column indices above it, thinned where cells are small. */
function indices(ctx, p, x0, y0, cw, ch, r0, r1, c0, c1) {
  const every = (size) => Math.max(1, Math.pow(2, Math.ceil(Math.log2(Math.max(1, 26 / size)))));
  const er = every(ch), ec = every(cw);
  // the rulers stay on screen while the panel is panned past the left or top edge: on a band over the cells
  const rx = Math.max(x0 - 4, RULER), cy = Math.max(y0 - 2, 13);
  if (r1 > r0 && x0 - 4 < RULER && x0 + p.cols * cw > RULER) {
    ctx.fillStyle = 'rgba(255,255,255,.85)'; ctx.fillRect(0, Math.max(0, y0 + r0 * ch), RULER + 3, (r1 - r0) * ch);
  }
  if (c1 > c0 && y0 - 2 < 13 && y0 + p.rows * ch > 13) {
    ctx.fillStyle = 'rgba(255,255,255,.85)'; ctx.fillRect(Math.max(0, x0 + c0 * cw), 0, (c1 - c0) * cw, 15);
  }
  ctx.fillStyle = '#5b6577'; ctx.font = '10px ui-monospace, Menlo, monospace';
  ctx.textAlign = 'right'; ctx.textBaseline = 'middle';
  if (x0 + p.cols * cw > RULER) for (let r = r0; r < r1; r++) if (r % er === 0) ctx.fillText(String(r), rx, y0 + (r + .5) * ch);
  ctx.textAlign = 'center'; ctx.textBaseline = 'bottom';
  if (y0 + p.rows * ch > 13) for (let c = c0; c < c1; c++) if (c % ec === 0) ctx.fillText(String(c), x0 + (c + .5) * cw, cy);
}

/** Where the row ruler stands once its panel is panned past the left edge (px from the edge, right-aligned). */
const RULER = 26;

function drawOverlay() {
  const canvas = $('overlay');
  const ctx = canvas.getContext('2d');
  const dpr = window.devicePixelRatio || 1;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, canvas.width / dpr, canvas.height / dpr);
  if (!hover) return;
  const mark = (p, r, c, colour) => {
    ctx.strokeStyle = colour; ctx.lineWidth = 3;
    ctx.strokeRect(sx0(p) + c * CW * k - 1, sy0(p) + r * CH * k - 1, CW * k + 2, CH * k + 2);
  };
  mark(hover.p, hover.r, hover.c, '#2f6fdf');
  const p = hover.p, e = element(p, hover.r, hover.c);
  if (p.peer && p.peer[e] >= 0) {
    const q = placed[p.peerPanel];
    const f = p.peer[e];
    const r = q.transposed ? Math.floor(f / q.cols) : f % q.rows, c = q.transposed ? f % q.cols : Math.floor(f / q.rows);
    mark(q, r, c, '#f28e2b');
  }
}

// ---- what a cell is
function size(s) { return typeof s === 'number' ? s : s.reduce((a, m) => a * size(m), 1); }
function crd(i, s) {
  if (typeof s === 'number') return String(i);
  const parts = [];
  for (let j = 0; j < s.length; j++) {
    const n = size(s[j]);
    parts.push(crd(j === s.length - 1 ? i : i % n, s[j]));
    i = Math.floor(i / n);
  }
  return '(' + parts.join(',') + ')';
}

/** The words for a cell: index, hierarchical coordinate, offset; thread and value, bank, swizzle where they apply. */
function describe(p, r, c) {
  const e = element(p, r, c);
  const out = [];
  if (p.quarter) { // tensor memory: a lane and a column
    const address = ((r << 16) | c) >>> 0;
    out.push(`lane ${r}, column ${c}: TMEM address 0x${address.toString(16).padStart(8, '0')} (lane << 16 | column)`);
    out.push(p.text[e] ? `holds ${p.text[e].split(' ').join(' and ')} of the accumulator` : 'holds no element of the accumulator');
    out.push(`lanes ${32 * Math.floor(r / 32)}–${32 * Math.floor(r / 32) + 31}: the quarter warps ${Math.floor(r / 32)}, ${Math.floor(r / 32) + 4}, … reach`);
    return out;
  }
  if (p.copy) { // a TMA copy: the tile in global memory, or shared memory by address
    const i = p.copy[e], copies = view.copies ?? [];
    const by = i >= 0 ? `TMA copy ${i} of ${copies.length}, its box at ${copies[i]}` : 'no copy writes it';
    if (!p.tmaCoord) { // shared memory by address
      const q = placed[p.peerPanel];
      out.push(`shared offset ${p.offset[e]}` + (p.unswizzled && p.unswizzled[e] >= 0 && p.unswizzled[e] !== p.offset[e] ? ` (swizzled from ${p.unswizzled[e]})` : '')
        + `, line ${r}` + (p.bank ? `, bank ${p.bank[e]}` : ''));
      out.push(p.peer[e] >= 0 ? `holds tile element ${crd(p.peer[e], q.shape)}, chunk ${p.chunk[e]} of its line before the swizzle` : 'holds no element of the tile');
    } else {
      out.push(`tile element ${crd(e, p.shape)} (index ${e}) · global offset ${p.offset[e]} · TMA coordinate (${p.tmaCoord.map((d) => d[e]).join(',')})`);
      if (p.peer) out.push(`lands at shared offset ${placed[p.peerPanel].offset[p.peer[e]]}`);
    }
    out.push(by);
    return out;
  }
  if (p.thread && !p.offset) { // a tile held by threads
    out.push(`${p.name} ${crd(e, p.shape)}, element ${e}`);
    out.push(p.thread[e] >= 0 ? `thread ${p.thread[e]}, value ${p.value[e]}` : 'no thread holds it');
    if (p.holders && p.holders[e] > 1) out.push(`held by ${p.holders[e]} (thread, value) pairs; the first is shown`);
    if (p.address) out.push(`at offset ${p.address[e]} of the ${p.name} tensor`);
    if (p.peer && p.peer[e] >= 0) { const q = placed[p.peerPanel]; out.push(`the same (thread, value) in the ${q.name}: ${crd(p.peer[e], q.shape)}${q.address ? ', offset ' + q.address[p.peer[e]] : ''}`); }
  } else if (p.thread && p.offset && !p.bank) { // a TV table
    out.push(`thread ${p.thread[e]}, value ${p.value[e]} → element ${p.offset[e]}`);
  } else {
    out.push(`index ${e} · coordinate ${crd(e, p.shape)}`);
    if (p.text) out.push(`value ${p.text[e]}`);
    if (p.offset) out.push(p.unswizzled ? `offset ${p.offset[e]} (swizzled from ${p.unswizzled[e]})` : `offset ${p.offset[e]}`);
    if (p.bank) out.push(`bank ${p.bank[e]}`);
    if (p.thread) {
      const by = p.instruction && p.instruction[e] >= 0 ? `, warp ${Math.floor(p.thread[e] / 32)}'s instruction ${p.instruction[e]} of the stage` : '';
      out.push(p.thread[e] >= 0 ? `reached by thread ${p.thread[e]}, value ${p.value[e]}${by}` : 'reached by no instruction');
    }
    if (p.ways && p.ways[e] > 1) out.push(`bank conflict: bank ${p.bank[e]} holds ${p.ways[e]} words in this phase (${p.ways[e]}-way)`);
    else if (p.ways && p.ways[e] === 1) out.push('its bank holds this one word in its phase: no conflict');
  }
  return out;
}

function cellAt(sx, sy) {
  if (sy >= legendTop) return null;
  for (const p of placed) {
    const c = Math.floor((sx - sx0(p)) / (CW * k)), r = Math.floor((sy - sy0(p)) / (CH * k));
    if (r >= 0 && c >= 0 && r < p.rows && c < p.cols) return { p, r, c };
  }
  return null;
}

function wireView() {
  const vp = $('viewport');
  let drag = null;
  vp.addEventListener('pointerdown', (ev) => { drag = { x: ev.clientX, y: ev.clientY, tx, ty, moved: false }; vp.setPointerCapture(ev.pointerId); });
  vp.addEventListener('pointermove', (ev) => {
    const rect = vp.getBoundingClientRect();
    const sx = ev.clientX - rect.left, sy = ev.clientY - rect.top;
    if (drag) {
      const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
      if (Math.abs(dx) + Math.abs(dy) > 3) { drag.moved = true; vp.classList.add('dragging'); }
      if (drag.moved) { tx = drag.tx + dx; ty = drag.ty + dy; draw(); return; }
    }
    inspect(sx, sy);
  });
  vp.addEventListener('pointerup', (ev) => {
    vp.classList.remove('dragging');
    const click = drag && !drag.moved;
    drag = null;
    if (!click) return;
    const rect = vp.getBoundingClientRect();
    inspect(ev.clientX - rect.left, ev.clientY - rect.top); // a tap shows the cell as a hover does
    const cell = cellAt(ev.clientX - rect.left, ev.clientY - rect.top);
    if (cell && cell.p.thread) {
      const t = cell.p.thread[element(cell.p, cell.r, cell.c)];
      selectThread(t < 0 || t === selected ? null : t);
    }
  });
  vp.addEventListener('pointerleave', () => { hover = null; $('tip').hidden = true; drawOverlay(); });
  vp.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const rect = vp.getBoundingClientRect();
    zoom(Math.exp(-ev.deltaY * 0.0015), ev.clientX - rect.left, ev.clientY - rect.top);
  }, { passive: false });
  vp.addEventListener('keydown', (ev) => {
    const cx = vp.clientWidth / 2, cy = vp.clientHeight / 2;
    const pans = { ArrowLeft: [60, 0], ArrowRight: [-60, 0], ArrowUp: [0, 60], ArrowDown: [0, -60] };
    const steps = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0], Home: [0, -Infinity], End: [0, Infinity] };
    if (ev.key === '+' || ev.key === '=') zoom(1.25, cx, cy);
    else if (ev.key === '-') zoom(0.8, cx, cy);
    else if (ev.key === '0') fit();
    else if (pans[ev.key] && ev.shiftKey) { tx += pans[ev.key][0]; ty += pans[ev.key][1]; draw(); }
    else if (steps[ev.key] && placed.length) moveCursor(steps[ev.key][0], steps[ev.key][1]);
    else if ((ev.key === ']' || ev.key === '[') && placed.length) nextPanel(ev.key === ']' ? 1 : -1);
    else if (ev.key === 'Enter' && hover && hover.p.thread) {
      const t = hover.p.thread[element(hover.p, hover.r, hover.c)];
      selectThread(t < 0 || t === selected ? null : t);
    } else if (ev.key === 'Escape') selectThread(null);
    else return;
    ev.preventDefault();
  });
  vp.addEventListener('focus', () => { if (!hover && placed.length && vp.matches(':focus-visible')) moveCursor(0, 0); }); // the keyboard's focus, not a click's
  new ResizeObserver(() => { if (placed.length) { resize(); draw(); } }).observe(vp);
  $('fit').addEventListener('click', fit);
  $('zoom-in').addEventListener('click', () => zoom(1.25, vp.clientWidth / 2, vp.clientHeight / 2));
  $('zoom-out').addEventListener('click', () => zoom(0.8, vp.clientWidth / 2, vp.clientHeight / 2));
  $('goto').addEventListener('keydown', (ev) => {
    if (ev.key !== 'Enter') return;
    ev.preventDefault();
    const cell = placed.length ? find($('goto').value) : null;
    if (!cell) { $('cell').textContent = `no cell is "${$('goto').value.trim()}": give an index, a coordinate (r,c), @offset, or T thread V value`; return; }
    cursorTo(cell.p, cell.r, cell.c);
  });
  $('colour').addEventListener('change', () => { colourBy($('colour').value); syncLink(); });
  $('thread').addEventListener('input', () => {
    const v = $('thread').value.trim();
    selectThread(v === '' || !/^\d+$/.test(v) ? null : Number(v));
  });
  $('prev').addEventListener('click', () => { stepIndex = Math.max(0, stepIndex - 1); showFigures(); });
  $('next').addEventListener('click', () => { stepIndex = Math.min((view.figures ?? []).length - 1, stepIndex + 1); showFigures(); });
  $('copy-text').addEventListener('click', () => copy(view?.text ?? '', 'CuTe'));
  $('copy-link').addEventListener('click', () => { const link = new URL(linkNow(), location.href).href; history.replaceState(null, '', link); copy(link, 'link'); });
  $('copy-cpp').addEventListener('click', () => code('cpp'));
  $('copy-dsl').addEventListener('click', () => code('dsl'));
  $('copy-decl').addEventListener('click', () => code('decl'));
  for (const f of ['svg', 'png', 'tex']) $('get-' + f).addEventListener('click', () => download(f));
}

/**
 * The cell a "go to" text names, looked for in the cursor's panel first, then the others: {@code 33} an index,
 * {@code (1,(2,0))} a coordinate of the panel's shape, {@code @18} (or {@code offset 18}) the first cell of that
 * offset, {@code T5 V2} the cell thread 5's value 2 holds. Null where none.
 */
function find(text) {
  const t = text.trim();
  const panels = hover ? [hover.p, ...placed.filter((q) => q !== hover.p)] : placed;
  let m;
  for (const p of panels) {
    const n = p.rows * p.cols;
    let e = -1;
    if ((m = /^t\s*(\d+)\s*,?\s*v\s*(\d+)$/i.exec(t)) && p.thread && p.value) {
      for (let i = 0; i < n && e < 0; i++) if (p.thread[i] === Number(m[1]) && p.value[i] === Number(m[2])) e = i;
    } else if ((m = /^(?:@|offset\s+)(-?\d+)$/i.exec(t)) && p.offset) {
      e = p.offset.indexOf(Number(m[1]));
    } else if (/^\(.*\)$/.test(t)) {
      e = indexOf(t, p.shape);
    } else if (/^\d+$/.test(t)) {
      e = Number(t) < n ? Number(t) : -1;
    }
    if (e >= 0) return { p, r: p.transposed ? Math.floor(e / p.cols) : e % p.rows, c: p.transposed ? e % p.cols : Math.floor(e / p.rows) };
  }
  return null;
}

/** The index of a coordinate text in a shape (colexicographic, an integer standing for its sub-shape's index); -1 if none. */
function indexOf(text, shape) {
  let pos = 0;
  const read = () => {
    while (text[pos] === ' ') pos++;
    if (text[pos] === '(') {
      pos++;
      const modes = [];
      for (;;) {
        modes.push(read());
        while (text[pos] === ' ') pos++;
        if (text[pos] === ',') { pos++; continue; }
        if (text[pos] === ')') { pos++; return modes; }
        throw new Error('coordinate');
      }
    }
    const m = /^\d+/.exec(text.slice(pos));
    if (!m) throw new Error('coordinate');
    pos += m[0].length;
    return Number(m[0]);
  };
  const at = (c, s) => {
    if (typeof c === 'number') { if (c >= size(s)) throw new Error('outside'); return c; }
    if (typeof s === 'number' || c.length !== s.length) throw new Error('shape');
    let idx = 0, unit = 1;
    for (let j = 0; j < s.length; j++) { idx += at(c[j], s[j]) * unit; unit *= size(s[j]); }
    return idx;
  };
  try { return at(read(), shape); } catch (e) { return -1; }
}

/** Moves the keyboard's cursor by (dr, dc) cells within its panel (clamped), shows it in view, and says the cell. */
function moveCursor(dr, dc) {
  const at = hover ?? { p: placed[0], r: 0, c: 0 };
  const p = at.p;
  const r = Math.min(p.rows - 1, Math.max(0, at.r + dr)), c = Math.min(p.cols - 1, Math.max(0, at.c + dc));
  cursorTo(p, r, c);
}

/** The cursor to the first cell of the next (or previous) panel. */
function nextPanel(step) {
  const i = hover ? hover.p.i : -step;
  cursorTo(placed[((i + step) % placed.length + placed.length) % placed.length], 0, 0);
}

function cursorTo(p, r, c) {
  const vp = $('viewport');
  const x = sx0(p) + c * CW * k, y = sy0(p) + r * CH * k;
  let moved = false;
  if (x < 0 || x + CW * k > vp.clientWidth) { tx -= x - Math.max(0, (vp.clientWidth - CW * k) / 2); moved = true; }
  const bottom = vp.clientHeight - legendBand(); // above the legend's band
  if (y < 0 || y + CH * k > bottom) { ty -= y - Math.max(0, (bottom - CH * k) / 2); moved = true; }
  if (moved) draw();
  hover = { p, r, c };
  const words = describe(p, r, c);
  $('cell').textContent = `${p.name}, row ${r}, column ${c}: ` + words.join(' · ');
  const tip = $('tip');
  tip.textContent = words.join('\n');
  tip.hidden = false;
  tip.style.left = Math.max(0, Math.min(sx0(p) + (c + 1) * CW * k + 6, vp.clientWidth - tip.offsetWidth - 4)) + 'px';
  tip.style.top = Math.max(0, Math.min(sy0(p) + (r + 1) * CH * k + 6, vp.clientHeight - tip.offsetHeight - 4)) + 'px';
  drawOverlay();
}

function inspect(sx, sy) {
  const cell = cellAt(sx, sy);
  const tip = $('tip');
  if (!cell) { hover = null; tip.hidden = true; drawOverlay(); return; }
  hover = cell;
  const words = describe(cell.p, cell.r, cell.c);
  $('cell').textContent = words.join(' · ');
  tip.textContent = words.join('\n');
  tip.hidden = false;
  const vp = $('viewport');
  tip.style.left = Math.min(sx + 14, vp.clientWidth - tip.offsetWidth - 4) + 'px';
  tip.style.top = Math.min(sy + 14, vp.clientHeight - tip.offsetHeight - 4) + 'px';
  drawOverlay();
}

/** Whether the selected thread holds element e of panel p: any of its values, where the panel has them all. */
function holds(p, e) {
  return p.pairs ? lit[p.i].has(e) : p.thread[e] === selected;
}

function selectThread(t) {
  selected = t;
  lit = null;
  $('thread').value = t == null ? '' : String(t);
  if (t != null) {
    lit = placed.map((p) => {
      const set = new Set();
      if (p.pairs && t < p.threads) for (let i = t; i < p.pairs.length; i += p.threads) set.add(p.pairs[i]);
      return set;
    });
    let n = 0;
    for (const p of placed) if (p.thread) for (let e = 0; e < p.rows * p.cols; e++) if (holds(p, e)) n++;
    $('cell').textContent = `thread ${t}: ${n} cells`;
  }
  relegend();
  draw();
}

async function copy(text, what) {
  const pre = $('code');
  pre.hidden = false;
  pre.textContent = text;
  try { await navigator.clipboard.writeText(text); pre.dataset.copied = what; } catch (e) { pre.dataset.copied = ''; }
}

/** A refusal of a button's request: said beside the input, the view kept. */
function notice(message) {
  const box = $('error');
  box.hidden = false; box.textContent = message;
}

async function code(lang) {
  if (!view?.request) return;
  const res = await post('/api/code?lang=' + lang, { kind: 'op', args: [view.request.op, ...view.request.args] });
  if (!res.ok) { notice((await res.json()).error); return; }
  copy(await res.text(), lang);
}

async function download(format) {
  if (!shown) return;
  const began = performance.now();
  const res = await post('/api/draw?format=' + format, shown);
  if (!res.ok) { notice((await res.json()).error); return; }
  const blob = await res.blob();
  timings.download = { format, ms: Math.round(performance.now() - began), bytes: blob.size };
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url; a.download = `layoutcat-${shown.kind}.${format}`;
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/** For tests and scripts: where a cell's centre is, relative to the viewport's centre, and the view shown. */
window.layoutcat = {
  cellOffset(panel, r, c) {
    const p = placed[panel];
    const vp = $('viewport');
    return { dx: Math.round(sx0(p) + (c + .5) * CW * k - vp.clientWidth / 2), dy: Math.round(sy0(p) + (r + .5) * CH * k - vp.clientHeight / 2) };
  },
  get view() { return view; },
  get palette() { return catalog.palette; },
  timings,
  zoomTo(factor) { k = factor; tx = 0; ty = 0; draw(); },
  get state() { return { zoom: k, x: tx, y: ty, thread: selected, step: stepIndex + 1, cursor: hover && { panel: hover.p.i, r: hover.r, c: hover.c } }; },
};

start();
