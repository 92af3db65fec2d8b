// The Wharf console's page: reads the console's JSON API (same origin only) and draws the queues
// table, the chart, the dead-letter queues and the forms. Text from the store is only ever set as
// textContent, never as HTML.
'use strict';

(function () {
  const SVG = 'http://www.w3.org/2000/svg';
  const $ = (id) => document.getElementById(id);

  const state = {
    snapshot: null,
    selected: null,
    names: '',               // the queues of the chart's list
    rowNames: null,          // the queues of the table's rows
    cards: new Map(),        // dead-letter queue name -> its card's elements
    watchedTasks: new Set(), // dead-letter queues whose move tasks are followed
    confirmed: null,         // what the open confirmation does on Confirm
    timer: null,
    running: false,
    again: false,
  };

  // ---- requests ----

  async function api(path, options) {
    const response = await fetch(path, Object.assign({ credentials: 'same-origin', cache: 'no-store' }, options));
    let body = null;
    try {
      body = await response.json();
    } catch (notJson) {
      body = null;
    }
    if (!response.ok) {
      throw new Error(body && body.error ? body.error : 'The console answered HTTP ' + response.status);
    }
    return body;
  }

  function change(path, body) {
    return api(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Wharf-Console': '1' },
      body: JSON.stringify(body),
    });
  }

  // ---- small helpers ----

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') {
        e.className = v;
      } else if (k.startsWith('data-') || k === 'type' || k === 'title' || k.startsWith('aria-')) {
        e.setAttribute(k, v);
      } else {
        e[k] = v;
      }
    }
    for (const c of children) {
      if (c !== null && c !== undefined) {
        e.append(c instanceof Node ? c : String(c));
      }
    }
    return e;
  }

  function svg(tag, attrs, text) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      e.setAttribute(k, v);
    }
    if (text !== undefined) {
      e.textContent = text;
    }
    return e;
  }

  function count(n) {
    return n < 0 ? '–' : n.toLocaleString('en-US');
  }

  function rate(r) {
    if (r === null || r === undefined) {
      return '–';
    }
    return r < 10 ? r.toFixed(1) : Math.round(r).toLocaleString('en-US');
  }

  function age(seconds) {
    if (seconds < 0) {
      return '–';
    }
    if (seconds < 120) {
      return seconds + ' s';
    }
    if (seconds < 7200) {
      return Math.floor(seconds / 60) + ' min';
    }
    return Math.floor(seconds / 3600) + ' h';
  }

  function time(ms) {
    return new Date(ms).toLocaleTimeString('en-GB');
  }

  function queueByName(name) {
    return state.snapshot ? state.snapshot.queues.find((q) => q.name === name) : undefined;
  }

  // ---- notices and confirmation ----

  function notify(kind, text) {
    const close = el('button', { type: 'button', class: 'link', 'aria-label': 'Dismiss' }, 'dismiss');
    const notice = el('div', { class: 'notice ' + kind, 'data-kind': kind }, el('span', {}, text), close);
    close.addEventListener('click', () => notice.remove());
    $('notices').append(notice);
    if (kind === 'done') {
      setTimeout(() => notice.remove(), 10000);
    }
  }

  function confirmThen(title, text, okLabel, action) {
    $('confirm-title').textContent = title;
    $('confirm-text').textContent = text;
    $('confirm-ok').textContent = okLabel;
    state.confirmed = action;
    $('confirm').hidden = false;
    $('confirm-cancel').focus();
  }

  function closeConfirm() {
    $('confirm').hidden = true;
    state.confirmed = null;
  }

  $('confirm-cancel').addEventListener('click', closeConfirm);
  $('confirm-ok').addEventListener('click', () => {
    const action = state.confirmed;
    closeConfirm();
    if (action) {
      action();
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !$('confirm').hidden) {
      closeConfirm();
    }
  });

  // ---- the refresh loop ----

  function schedule(ms) {
    clearTimeout(state.timer);
    state.timer = setTimeout(refresh, ms);
  }

  async function refresh() {
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    let interval = 2000;
    try {
      const snapshot = await api('api/state');
      state.snapshot = snapshot;
      interval = snapshot.intervalSeconds * 1000;
      renderStatus(snapshot);
      renderQueues(snapshot);
      renderDeadLetterQueues(snapshot);
      await drawChart();
      await refreshTasks();
    } catch (e) {
      setStatus('The console cannot be read: ' + e.message, true);
    } finally {
      state.running = false;
      schedule(state.again ? 0 : interval);
      state.again = false;
    }
  }

  function setStatus(text, stale) {
    const status = $('status');
    status.textContent = text;
    status.classList.toggle('stale', stale);
  }

  function renderStatus(snapshot) {
    $('store-url').textContent = snapshot.store;
    document.title = 'Wharf console: ' + snapshot.store;
    if (snapshot.error) {
      setStatus(snapshot.error, true);
    } else if (snapshot.sampledAt === 0) {
      setStatus('Reading the store…', false);
    } else {
      const n = snapshot.queues.length;
      setStatus('Read at ' + time(snapshot.sampledAt) + ', ' + n + (n === 1 ? ' queue' : ' queues')
        + ', every ' + snapshot.intervalSeconds + ' s', false);
    }
  }

  // ---- the queues table ----

  function renderQueues(snapshot) {
    const names = snapshot.queues.map((q) => q.name);
    if (state.selected === null || !names.includes(state.selected)) {
      state.selected = names.length ? names[0] : null;
    }
    const rows = snapshot.queues.map((q) => {
      const dlq = q.deadLetterQueue
        ? el('span', {}, el('span', { class: 'queue-name' }, q.deadLetterQueue), ' after ' + q.maxReceiveCount)
        : '–';
      return el('tr', { 'data-queue': q.name, class: q.name === state.selected ? 'selected' : '' },
        el('td', { 'data-col': 'name' },
          el('button', { type: 'button', class: 'link queue-name', 'data-action': 'select', 'data-queue': q.name,
            title: 'Show in the chart' }, q.name),
          q.fifo ? ' (FIFO)' : ''),
        el('td', { class: 'num', 'data-col': 'visible',
          title: q.counting ? 'The store, lately opened, is still counting the messages on disk: at least this many.' : '' },
          count(q.visible) + (q.counting ? '+' : '')),
        el('td', { class: 'num', 'data-col': 'inFlight' }, count(q.inFlight)),
        el('td', { class: 'num', 'data-col': 'delayed' }, count(q.delayed)),
        el('td', { class: 'num', 'data-col': 'oldest' }, age(q.oldestAgeSeconds)),
        el('td', { 'data-col': 'dlq' }, dlq),
        el('td', { class: 'num', 'data-col': 'sent' }, rate(q.sentPerSecond)),
        el('td', { class: 'num', 'data-col': 'received' }, rate(q.receivedPerSecond)),
        el('td', { class: 'num', 'data-col': 'deleted' }, rate(q.deletedPerSecond)),
        el('td', { class: 'actions' },
          el('button', { type: 'button', 'data-action': 'purge', 'data-queue': q.name }, 'Purge…')));
    });
    const body = $('queue-rows');
    const shown = names.join('\n');
    if (shown === state.rowNames) {
      // The same queues: only changed cells are replaced, so that a button keeps its element.
      const current = new Map([...body.children].map((r) => [r.dataset.queue, r]));
      for (const row of rows) {
        const old = current.get(row.dataset.queue);
        old.className = row.className;
        const cells = [...old.children];
        [...row.children].forEach((cell, i) => {
          if (cells[i].textContent !== cell.textContent) {
            cells[i].replaceWith(cell);
          }
        });
      }
    } else {
      state.rowNames = shown;
      body.replaceChildren(...rows);
    }
    $('no-queues').hidden = snapshot.sampledAt === 0 || names.length > 0;

    if (shown !== state.names) {
      state.names = shown;
      $('chart-select').replaceChildren(...names.map((n) => el('option', { value: n }, n)));
      for (const card of state.cards.values()) {
        fillDestinations(card);
      }
    }
    $('chart-select').value = state.selected === null ? '' : state.selected;
    $('chart-queue').textContent = state.selected === null ? '' : state.selected;
  }

  function select(queue) {
    state.selected = queue;
    for (const tr of $('queue-rows').children) {
      tr.classList.toggle('selected', tr.dataset.queue === queue);
    }
    $('chart-select').value = queue;
    $('chart-queue').textContent = queue;
    drawChart().catch((e) => notify('error', e.message));
  }

  // ---- the chart ----

  const CHART = { left: 56, right: 790, panels: [
    { top: 24, height: 130, title: 'messages', series: [['visible', 'visible'], ['inFlight', 'inflight'], ['delayed', 'delayed']],
      key: (p, k) => p[k] },
    { top: 206, height: 130, title: 'messages a second', series: [['sentPerSecond', 'sent'], ['receivedPerSecond', 'received'], ['deletedPerSecond', 'deleted']],
      key: (p, k) => p[k] },
  ] };

  function niceMax(max) {
    if (max <= 1) {
      return 1;
    }
    const power = Math.pow(10, Math.floor(Math.log10(max)));
    for (const m of [1, 2, 2.5, 5, 10]) {
      if (m * power >= max) {
        return m * power;
      }
    }
    return 10 * power;
  }

  async function drawChart() {
    const chart = $('chart');
    const title = chart.querySelector('title');
    chart.replaceChildren(title);
    const queue = state.selected;
    if (queue === null) {
      return;
    }
    const history = await api('api/history?queue=' + encodeURIComponent(queue));
    if (state.selected !== queue) {
      return;
    }
    chart.replaceChildren(title);
    const range = Number($('chart-range').value) * 1000;
    const end = state.snapshot && state.snapshot.sampledAt ? state.snapshot.sampledAt : Date.now();
    const start = end - range;
    const points = history.points.filter((p) => p.time >= start && p.time <= end);
    const x = (t) => CHART.left + (t - start) / range * (CHART.right - CHART.left);
    for (const panel of CHART.panels) {
      let max = 0;
      for (const p of points) {
        for (const [k] of panel.series) {
          const v = p[k];
          if (v !== null && v !== undefined && v > max) {
            max = v;
          }
        }
      }
      max = niceMax(max);
      const y = (v) => panel.top + panel.height - v / max * panel.height;
      chart.append(svg('text', { x: CHART.left, y: panel.top - 8 }, panel.title));
      for (const v of [0, max / 2, max]) {
        chart.append(svg('line', { class: 'axis', x1: CHART.left, x2: CHART.right, y1: y(v), y2: y(v) }));
        chart.append(svg('text', { x: CHART.left - 6, y: y(v) + 4, 'text-anchor': 'end' },
          Number.isInteger(v) ? v.toLocaleString('en-US') : v.toFixed(1)));
      }
      chart.append(svg('text', { x: CHART.left, y: panel.top + panel.height + 14 }, '−' + range / 60000 + ' min'));
      chart.append(svg('text', { x: CHART.right, y: panel.top + panel.height + 14, 'text-anchor': 'end' },
        'now ' + time(end)));
      for (const [k, cls] of panel.series) {
        let d = '';
        let drawn = 0;
        let run = 0;
        for (const p of points) {
          const v = p[k];
          if (v === null || v === undefined || v < 0) {
            run = 0;
            continue;
          }
          d += (run === 0 ? 'M' : 'L') + x(p.time).toFixed(1) + ',' + y(v).toFixed(1) + ' ';
          run++;
          drawn++;
        }
        chart.append(svg('path', { class: 'series ' + cls, d: d.trim(), 'data-series': k, 'data-points': drawn }));
      }
    }
  }

  // ---- dead-letter queues ----

  function renderDeadLetterQueues(snapshot) {
    const dlqs = snapshot.queues.filter((q) => q.sourceQueues.length > 0);
    $('no-dlq').hidden = dlqs.length > 0;
    const list = $('dlq-list');
    const wanted = new Set(dlqs.map((q) => q.name));
    for (const [name, card] of state.cards) {
      if (!wanted.has(name)) {
        card.root.remove();
        state.cards.delete(name);
        state.watchedTasks.delete(name);
      }
    }
    for (const q of dlqs) {
      let card = state.cards.get(q.name);
      if (!card) {
        card = makeCard(q.name);
        state.cards.set(q.name, card);
        list.append(card.root);
        state.watchedTasks.add(q.name); // shows its tasks once, then only while one runs
      }
      card.facts.textContent = count(q.visible) + (q.counting ? '+ (still counting)' : '') + ' visible, ' + count(q.inFlight) + ' in flight, '
        + count(q.delayed) + ' delayed; dead-letter queue of ' + q.sourceQueues.join(', ');
      card.root.dataset.visible = String(q.visible);
    }
  }

  function makeCard(name) {
    const destinations = el('select', { 'data-role': 'destination', 'aria-label': 'Destination queue' });
    const card = {
      name,
      destinations,
      facts: el('p', { class: 'facts' }),
      messages: el('div', { class: 'messages' }),
      tasks: el('div', { class: 'tasks' }),
    };
    card.root = el('div', { class: 'dlq-card', 'data-dlq': name },
      el('h3', {}, el('span', { class: 'queue-name' }, name)),
      card.facts,
      el('div', { class: 'actions' },
        el('button', { type: 'button', 'data-action': 'browse', 'data-queue': name }, 'Show messages'),
        el('button', { type: 'button', 'data-action': 'move', 'data-queue': name }, 'Move to source…'),
        el('span', {}, 'or to'),
        destinations,
        el('button', { type: 'button', 'data-action': 'move-to', 'data-queue': name }, 'Move…')),
      card.messages,
      card.tasks);
    fillDestinations(card);
    return card;
  }

  function fillDestinations(card) {
    const chosen = card.destinations.value;
    const names = state.snapshot.queues.map((q) => q.name).filter((n) => n !== card.name);
    card.destinations.replaceChildren(...names.map((n) => el('option', { value: n }, n)));
    if (names.includes(chosen)) {
      card.destinations.value = chosen;
    }
  }

  async function browse(name) {
    const card = state.cards.get(name);
    card.messages.replaceChildren(el('p', { class: 'empty' }, 'Reading messages…'));
    try {
      const result = await api('api/messages?queue=' + encodeURIComponent(name) + '&max=10');
      if (result.messages.length === 0) {
        card.messages.replaceChildren(el('p', { class: 'empty' }, 'No message is visible in ' + name + '.'));
        return;
      }
      const head = el('tr', {}, ...['Message ID', 'Type', 'Sent', 'Deliveries', 'Group', 'Properties', 'Size', 'Body']
        .map((h) => el('th', { scope: 'col' }, h)));
      const rows = result.messages.map((m) => el('tr', { 'data-message': m.messageId },
        el('td', { class: 'queue-name' }, m.messageId),
        el('td', {}, m.type),
        el('td', {}, m.timestamp > 0 ? new Date(m.timestamp).toLocaleString('en-GB') : '–'),
        el('td', { class: 'num' }, m.deliveryCount),
        el('td', {}, m.groupId || '–'),
        el('td', {}, Object.entries(m.properties).map(([k, v]) => k + '=' + v).join('; ') || '–'),
        el('td', { class: 'num' }, m.bodySize < 0 ? '–' : m.bodySize),
        el('td', { class: 'preview' }, m.bodyPreview)));
      card.messages.replaceChildren(el('p', {}, 'The first ' + result.messages.length + ' messages, left in place:'),
        el('table', {}, el('thead', {}, head), el('tbody', {}, ...rows)));
    } catch (e) {
      card.messages.replaceChildren(el('p', { class: 'error', role: 'alert' }, e.message));
    }
  }

  async function refreshTasks() {
    for (const name of [...state.watchedTasks]) {
      const card = state.cards.get(name);
      if (!card) {
        state.watchedTasks.delete(name);
        continue;
      }
      try {
        const tasks = await api('api/tasks?queue=' + encodeURIComponent(name));
        renderTasks(card, tasks);
        if (!tasks.some((t) => t.status === 'RUNNING' || t.status === 'CANCELLING')) {
          state.watchedTasks.delete(name);
        }
      } catch (e) {
        card.tasks.replaceChildren(el('p', { class: 'error' }, e.message));
        state.watchedTasks.delete(name);
      }
    }
  }

  function renderTasks(card, tasks) {
    if (tasks.length === 0) {
      card.tasks.replaceChildren();
      return;
    }
    const head = el('tr', {}, ...['Move task', 'Status', 'To', 'Moved', 'Started', 'Failure']
      .map((h) => el('th', { scope: 'col' }, h)));
    const rows = tasks.slice(0, 5).map((t) => el('tr', { 'data-task': t.taskHandle, 'data-status': t.status },
      el('td', { class: 'queue-name', title: t.taskHandle },
        t.taskHandle.length > 16 ? t.taskHandle.slice(0, 16) + '…' : t.taskHandle),
      el('td', {}, t.status),
      el('td', {}, t.destinationQueue || 'source queues'),
      el('td', { class: 'num' }, count(t.approximateNumberOfMessagesMoved) + ' of '
        + count(t.approximateNumberOfMessagesToMove)),
      el('td', {}, time(t.startedTimestamp)),
      el('td', {}, t.failureReason || '')));
    card.tasks.replaceChildren(el('table', {}, el('thead', {}, head), el('tbody', {}, ...rows)));
  }

  // ---- the changes ----

  function purge(name) {
    const q = queueByName(name);
    const depth = q ? ' It holds about ' + count(q.visible + q.inFlight + q.delayed) + ' messages.' : '';
    confirmThen('Purge ' + name, 'Delete every message of queue ' + name + ' on store ' + state.snapshot.store
      + '?' + depth + ' This cannot be undone.', 'Purge', async () => {
      try {
        await change('api/purge', { queue: name });
        notify('done', 'Queue ' + name + ' purged.');
      } catch (e) {
        notify('error', e.message);
      }
      schedule(300);
    });
  }

  function move(name, destination) {
    const q = queueByName(name);
    const to = destination
      ? 'queue ' + destination
      : 'the queue each message came from (' + (q ? q.sourceQueues.join(', ') : 'its source') + ')';
    confirmThen('Move messages of ' + name, 'Move every message of dead-letter queue ' + name + ' on store '
      + state.snapshot.store + ' to ' + to + '?', 'Move', async () => {
      try {
        const result = await change('api/move', { source: name, destination: destination });
        notify('done', 'Moving the messages of ' + name + ' to ' + to + ' (task ' + result.taskHandle + ').');
        state.watchedTasks.add(name);
        state.cards.get(name).messages.replaceChildren();
      } catch (e) {
        notify('error', e.message);
      }
      schedule(300);
    });
  }

  function parseAttributes(text) {
    const attributes = {};
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (line === '') {
        continue;
      }
      const eq = line.indexOf('=');
      if (eq <= 0) {
        throw new Error('Bad attribute line "' + line + '": write Name=value');
      }
      attributes[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
    }
    return attributes;
  }

  $('declare-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const name = $('declare-name').value.trim();
    let attributes;
    try {
      attributes = parseAttributes($('declare-attributes').value);
    } catch (bad) {
      notify('error', bad.message);
      return;
    }
    const listed = Object.entries(attributes).map(([k, v]) => '  ' + k + '=' + v).join('\n');
    confirmThen('Declare ' + name, 'Declare queue ' + name + ' on store ' + state.snapshot.store
      + (listed ? ' with these attributes?\n' + listed : ' with the store\'s defaults?')
      + '\nA queue that exists gets the attributes that differ.', 'Declare', async () => {
      try {
        const result = await change('api/declare', { queue: name, attributes: attributes });
        notify('done', 'Queue ' + name + ': ' + result.result + '.');
        $('declare-name').value = '';
        $('declare-attributes').value = '';
      } catch (err) {
        notify('error', err.message);
      }
      schedule(300);
    });
  });

  document.addEventListener('click', (e) => {
    const button = e.target.closest('button[data-action]');
    if (!button) {
      return;
    }
    const name = button.dataset.queue;
    switch (button.dataset.action) {
      case 'select':
        select(name);
        break;
      case 'purge':
        purge(name);
        break;
      case 'browse':
        browse(name);
        break;
      case 'move':
        move(name, '');
        break;
      case 'move-to': {
        const destination = state.cards.get(name).destinations.value;
        if (destination) {
          move(name, destination);
        }
        break;
      }
      default:
        break;
    }
  });

  $('chart-select').addEventListener('change', (e) => select(e.target.value));
  $('chart-range').addEventListener('change', () => drawChart().catch((e) => notify('error', e.message)));

  refresh();
}());
