/**
 * The queue bench's probe in the page (tests/bench/queue-chromium.ts adds it as an init script, so
 * it runs in every document before the app's own scripts). Plain JavaScript: it goes to Chromium
 * as it is written, untouched by the bench's TypeScript transform.
 *
 * - Data arrival: the moment the bridge's WebSocket delivers the answer of a liveQueue call made
 *   since arm(). Its listener is added as the socket is constructed, before the bridge sets
 *   onmessage, so it runs first; it reads only the message's leading id.
 * - Commit: a MutationObserver sees the first queue row in the document after the arrival.
 * - First paint: requestAnimationFrame after the commit, then a MessageChannel task — which runs
 *   once that frame's style, layout and paint are done.
 */
(() => {
  const ROWS = 'section[aria-label="Chats en espera"] table tbody tr[aria-rowindex]';
  const state = { armed: false, pending: new Set(), ids: new Set(), arrival: null, commit: null, paint: null, rowsAtPaint: 0, answer: null };

  /** Runs `done(now)` in the task after the next frame's rendering. */
  function afterNextPaint(done) {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    });
  }

  const Native = window.WebSocket;
  const nativeSend = Native.prototype.send;
  Native.prototype.send = function send(data) {
    if (typeof data === 'string') {
      const call = /^\{"id":(\d+),"channel":"/.exec(data);
      if (call) {
        const id = Number(call[1]);
        state.pending.add(id);
        if (state.armed && data.includes('"call":"liveQueue"')) state.ids.add(id);
      }
    }
    return nativeSend.call(this, data);
  };
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (event) => {
        if (typeof event.data !== 'string') return;
        const answer = /^\{"id":(\d+),/.exec(event.data);
        if (!answer) return;
        const id = Number(answer[1]);
        state.pending.delete(id);
        if (state.ids.has(id) && state.arrival === null) {
          state.arrival = performance.now();
          state.answer = event.data;
        }
      });
    }
  };

  new MutationObserver(() => {
    if (state.arrival === null || state.commit !== null) return;
    if (document.querySelector(ROWS) === null) return;
    state.commit = performance.now();
    afterNextPaint((now) => {
      state.paint = now;
      state.rowsAtPaint = document.querySelectorAll(ROWS).length;
    });
  }).observe(document, { childList: true, subtree: true });

  function queueTable() {
    return document.querySelector('section[aria-label="Chats en espera"] table');
  }

  const two = (n) => String(n).padStart(2, '0');

  window.__queueProbe = {
    /** Bridge calls sent and not answered yet. */
    pendingCalls: () => state.pending.size,
    /** Starts a visit: the next liveQueue call's answer is the data arrival. No queue row may be on screen yet. */
    arm() {
      if (document.querySelector(ROWS) !== null) throw new Error('queue bench: rows on screen before the visit');
      Object.assign(state, { armed: true, arrival: null, commit: null, paint: null, rowsAtPaint: 0 });
      state.ids.clear();
    },
    /** The visit's times (ms since the page's origin) once painted, else null. */
    visit() {
      if (state.paint === null) return null;
      state.armed = false;
      const table = queueTable();
      return { arrival: state.arrival, commit: state.commit, paint: state.paint, rowsAtPaint: state.rowsAtPaint, rowCount: Number(table?.getAttribute('aria-rowcount') ?? 0) - 1 };
    },
    /**
     * The raw baseline: the last answer's text parsed and ALL its chats built as a plain DOM table
     * (the same cell texts, two buttons a row; no framework) over the page, to the same paint. Removed after.
     */
    bareTable() {
      const text = state.answer;
      if (text === null) return Promise.reject(new Error('queue bench: no answer kept for the baseline'));
      return new Promise((resolve) => {
        const start = performance.now();
        const chats = JSON.parse(text).result.data.chats;
        const box = document.createElement('div');
        box.style.cssText = 'position:fixed;inset:0;overflow:auto;background:#fff;z-index:100000';
        const table = document.createElement('table');
        const body = document.createElement('tbody');
        const now = Date.now();
        for (const c of chats) {
          const tr = document.createElement('tr');
          const waited = Math.max(0, Math.floor((now - Date.parse(c.fechaEntrada)) / 1000));
          const cells = [
            c.idConv,
            new Date(c.fechaEntrada).toLocaleString('es-CO'),
            c.status,
            c.split ?? '',
            `${two(Math.floor(waited / 3600))}:${two(Math.floor(waited / 60) % 60)}:${two(waited % 60)}`,
            Object.entries(c.datosCliente)
              .map(([k, v]) => `${k}: ${v}`)
              .join(' · ')
          ];
          cells.forEach((value, i) => {
            const cell = document.createElement(i === 0 ? 'th' : 'td');
            cell.textContent = value;
            tr.append(cell);
          });
          const actions = document.createElement('td');
          for (const label of ['Asignar', 'Mover']) {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = label;
            actions.append(button);
          }
          tr.append(actions);
          body.append(tr);
        }
        table.append(body);
        box.append(table);
        document.body.append(box);
        afterNextPaint((end) => {
          const rows = body.rows.length;
          box.remove();
          resolve({ ms: end - start, rows });
        });
      });
    },
    /**
     * Where the rendered rows are: each row's offset from the table's top less the header and
     * (its index × `rowPx`), the worst of them, and the distinct row heights; the box's scroll.
     */
    placement(rowPx) {
      const table = queueTable();
      const box = table?.parentElement;
      const head = table?.querySelector('thead');
      if (!table || !box || !head) throw new Error('queue bench: no queue table');
      const top = table.getBoundingClientRect().top;
      const headerPx = head.getBoundingClientRect().height;
      const rows = [...document.querySelectorAll(ROWS)].map((tr) => {
        const rect = tr.getBoundingClientRect();
        const index = Number(tr.getAttribute('aria-rowindex')) - 2;
        return { index, offset: rect.top - top - headerPx - index * rowPx, height: rect.height };
      });
      return {
        scrollTop: box.scrollTop,
        scrollHeight: box.scrollHeight,
        clientHeight: box.clientHeight,
        headerPx,
        rows: rows.length,
        first: rows[0]?.index ?? -1,
        last: rows.at(-1)?.index ?? -1,
        worstOffset: Math.max(0, ...rows.map((r) => Math.abs(r.offset))),
        heights: [...new Set(rows.map((r) => Math.round(r.height * 100) / 100))]
      };
    }
  };
})();
