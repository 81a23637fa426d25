/**
 * The widget page's script, as a string module: the page is served from the server bundle too
 * (Electron utility process), so nothing is read from disk. Plain ES2020 for the browser, no
 * framework; it must contain no backtick and no "${" (it sits in a template literal). It reads its
 * boot data (WidgetBoot in page.ts) from the #widget-boot JSON block and talks to the '/widget'
 * socket.io namespace (src/shared/realtime.ts) through the global `io` of the socket.io client
 * the socket.io server serves. tests/unit/server/widget-script.test.ts drives it in jsdom.
 */
export const WIDGET_SCRIPT = String.raw`(function () {
  'use strict';
  var bootEl = document.getElementById('widget-boot');
  var boot = JSON.parse(bootEl.textContent);
  var config = boot.config;
  var T = boot.texts;
  var STORAGE_KEY = 'atiende.widget.' + config.org + '.' + config.va;
  var SEND_TEXT = T.askAgentText;

  function $(id) { return document.getElementById(id); }
  function fmt(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_m, key) { return values[key] === undefined ? '' : String(values[key]); });
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (key) {
        var value = attrs[key];
        if (value === null || value === undefined || value === false) return;
        if (key === 'text') node.textContent = value;
        else if (key === 'className') node.className = value;
        else node.setAttribute(key, value === true ? '' : String(value));
      });
    }
    (children || []).forEach(function (child) { if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child); });
    return node;
  }
  function show(node, visible) { node.hidden = !visible; }

  var views = { entry: $('entry-view'), chat: $('chat-view'), end: $('end-view') };
  var entryForm = $('entry-form');
  var entryError = $('entry-error');
  var entrySubmit = $('entry-submit');
  var banner = $('state-banner');
  var connection = $('connection-status');
  var list = $('messages');
  var composer = $('composer');
  var input = $('composer-input');
  var fileInput = $('composer-file');
  var fileChip = $('composer-attachment');
  var fileName = $('composer-attachment-name');
  var fileRemove = $('composer-attachment-remove');
  var composerError = $('composer-error');
  var askAgent = $('ask-agent');
  var leaveButton = $('leave-button');
  var leaveDialog = $('leave-confirm');
  var leaveYes = $('leave-confirm-yes');
  var leaveNo = $('leave-confirm-no');
  var endMessage = $('end-message');
  var surveyForm = $('survey-form');
  var surveyError = $('survey-error');
  var surveySubmit = $('survey-submit');
  var surveyThanks = $('survey-thanks');
  var newChat = $('new-chat');

  var socket = null;
  var session = loadSession();
  var state = null;
  var seen = {};
  var contiguous = 0;
  var jobs = [];
  var selectedFile = null;
  var surveyAnswered = false;
  var syncing = false;

  /* ───── session (resume after reload) ───── */

  function loadSession() {
    try {
      var raw = window.sessionStorage.getItem(STORAGE_KEY);
      if (!raw) return null;
      var value = JSON.parse(raw);
      if (value && typeof value.conversationId === 'string' && typeof value.token === 'string') {
        return { conversationId: value.conversationId, token: value.token, lastSeq: typeof value.lastSeq === 'number' ? value.lastSeq : 0 };
      }
    } catch (_e) { /* storage unavailable or corrupt: start over */ }
    return null;
  }
  function saveSession() {
    try {
      if (session) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
      else window.sessionStorage.removeItem(STORAGE_KEY);
    } catch (_e) { /* the chat still works, it just cannot resume */ }
  }

  /* ───── socket and acknowledged requests ───── */

  function newClientId() {
    if (window.crypto && typeof window.crypto.randomUUID === 'function') {
      try { return window.crypto.randomUUID(); } catch (_e) { /* insecure context */ }
    }
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }

  function connect(auth) {
    if (typeof window.io !== 'function') {
      showFatal(T.noRealtime);
      return null;
    }
    var s = window.io(boot.namespace, { path: boot.socketPath, auth: auth });
    s.on('connect', function () {
      if (s !== socket) return;
      setOnline(true);
      var waiting = jobs.slice();
      if (session) syncNow();
      waiting.forEach(attempt);
    });
    s.on('disconnect', function () { if (s === socket) setOnline(false); });
    s.on('connect_error', function (error) {
      if (s !== socket) return;
      setOnline(false);
      // Not active: the server refused the handshake (it will not retry by itself).
      if (s.active) return;
      if (session) resumeLost();
      else startFailed({ message: error && error.message });
    });
    s.on('widget:message', function (message) { if (s === socket) addMessage(message); });
    s.on('widget:state', function (next) { if (s === socket) applyState(next); });
    return s;
  }

  function closeSocket() {
    if (socket) {
      var old = socket;
      socket = null;
      old.disconnect();
    }
    jobs.splice(0).forEach(function (job) { job.done = true; clearTimeout(job.timer); });
    syncing = false;
  }

  /** Emits until the server acks (same payload, so a repeated message is dropped by its clientId). */
  function request(event, payload) {
    return new Promise(function (resolve, reject) {
      var job = { event: event, payload: payload, resolve: resolve, reject: reject, tries: 0, done: false, timer: null };
      jobs.push(job);
      attempt(job);
    });
  }
  function settle(job) {
    job.done = true;
    clearTimeout(job.timer);
    var i = jobs.indexOf(job);
    if (i >= 0) jobs.splice(i, 1);
  }
  function attempt(job) {
    if (job.done) return;
    clearTimeout(job.timer);
    if (!socket || !socket.connected) return; // tried again on (re)connect
    var n = ++job.tries;
    socket.timeout(boot.ackTimeoutMs).emit(job.event, job.payload, function (err, ack) {
      if (job.done || n !== job.tries) return;
      if (err) {
        job.timer = setTimeout(function () { attempt(job); }, Math.min(boot.retryDelayMs * n, boot.ackTimeoutMs));
        return;
      }
      settle(job);
      if (ack && ack.ok) job.resolve(ack.data);
      else job.reject(ack && ack.error ? ack.error : { status: 500, message: T.genericError });
    });
  }
  /** One emission (widget:start is not repeatable): the ack, or an error after the timeout. */
  function requestOnce(event, payload) {
    return new Promise(function (resolve, reject) {
      socket.timeout(boot.startTimeoutMs).emit(event, payload, function (err, ack) {
        if (err) reject({ status: 0, message: T.startFailed });
        else if (ack && ack.ok) resolve(ack.data);
        else reject(ack && ack.error ? ack.error : { status: 500, message: T.startFailed });
      });
    });
  }

  function setOnline(online) {
    connection.textContent = online ? '' : T.offline;
    show(connection, !online);
  }
  function showFatal(message) {
    entryError.textContent = message;
    show(entryError, true);
    entrySubmit.disabled = true;
  }

  /* ───── entry form ───── */

  function fieldInput(field) {
    var id = 'field-' + field.idField;
    var common = { id: id, name: 'f' + field.idField, 'data-testid': 'entry-field-' + field.idField, 'data-field-type': field.fieldType, 'aria-describedby': id + '-error', required: field.required, 'aria-required': field.required ? 'true' : null };
    if (field.fieldType === 'select') {
      var select = el('select', common, [el('option', { value: '', text: T.selectPlaceholder })]);
      field.options.forEach(function (option) { select.appendChild(el('option', { value: option, text: option })); });
      return select;
    }
    var type = field.fieldType === 'email' ? 'email' : field.fieldType === 'phone' ? 'tel' : 'text';
    common.type = type;
    common.maxlength = 200;
    if (field.fieldType === 'email') common.autocomplete = 'email';
    if (field.fieldType === 'phone') common.autocomplete = 'tel';
    if (field.fieldType === 'number' || field.fieldType === 'phone') common.inputmode = field.fieldType === 'phone' ? 'tel' : 'numeric';
    if (field.fieldType === 'text' && /nombre/i.test(field.label)) common.autocomplete = 'name';
    return el('input', common);
  }

  function buildEntryForm() {
    var holder = $('entry-fields');
    holder.textContent = '';
    if (config.entryForm.length === 0) holder.appendChild(el('p', { text: T.entryNoFields }));
    config.entryForm.forEach(function (field) {
      var id = 'field-' + field.idField;
      var label = el('label', { for: id }, [field.label, field.required ? el('span', { className: 'required', text: ' *', 'aria-hidden': 'true' }) : null, field.required ? el('span', { className: 'sr-only', text: ' ' + T.requiredMark }) : null]);
      holder.appendChild(el('div', { className: 'field' }, [label, fieldInput(field), el('span', { id: id + '-error', className: 'field-error', 'data-testid': 'field-error-' + field.idField })]));
    });
  }

  function fieldProblem(field, value) {
    if (value === '') return field.required ? T.required : null;
    if (value.length > 200) return T.tooLong;
    if (field.fieldType === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(value)) return T.invalidEmail;
    if (field.fieldType === 'phone' && !(/^\+?[\d\s().-]+$/.test(value) && /^(\D*\d){7,15}\D*$/.test(value))) return T.invalidPhone;
    if (field.fieldType === 'number' && !/^-?\d+([.,]\d+)?$/.test(value)) return T.invalidNumber;
    if (field.fieldType === 'document' && !/^[A-Za-z0-9-]{4,20}$/.test(value)) return T.invalidDocument;
    return null;
  }

  function onEntrySubmit(event) {
    event.preventDefault();
    show(entryError, false);
    var answers = {};
    var firstBad = null;
    config.entryForm.forEach(function (field) {
      var control = $('field-' + field.idField);
      var value = control.value.trim();
      var problem = fieldProblem(field, value);
      $('field-' + field.idField + '-error').textContent = problem || '';
      if (problem) {
        control.setAttribute('aria-invalid', 'true');
        if (!firstBad) firstBad = control;
      } else {
        control.removeAttribute('aria-invalid');
        if (value !== '') answers[String(field.idField)] = value;
      }
    });
    if (firstBad) {
      firstBad.focus();
      return;
    }
    startChat(answers);
  }

  function startChat(answers) {
    closeSocket();
    entrySubmit.disabled = true;
    entrySubmit.textContent = T.starting;
    socket = connect({ org: config.org, va: config.va });
    if (!socket) return;
    var current = socket;
    requestOnce('widget:start', { fields: answers }).then(function (data) {
      if (current !== socket) return;
      session = { conversationId: data.conversationId, token: data.token, lastSeq: 0 };
      saveSession();
      current.auth = { conversationId: data.conversationId, token: data.token };
      openChat();
      applyState(data.state);
      data.messages.forEach(addMessage);
      input.focus();
    }, function (error) {
      if (current === socket) startFailed(error);
    });
  }

  function startFailed(error) {
    closeSocket();
    setOnline(true);
    entrySubmit.disabled = false;
    entrySubmit.textContent = T.startButton;
    entryError.textContent = (error && error.message) || T.startFailed;
    show(entryError, true);
  }

  /* ───── conversation ───── */

  function openChat() {
    show(views.entry, false);
    show(views.chat, true);
  }

  function resumeLost() {
    closeSocket();
    resetConversation();
    entryError.textContent = T.resumeLost;
    show(entryError, true);
  }

  function resetConversation() {
    session = null;
    saveSession();
    state = null;
    seen = {};
    contiguous = 0;
    surveyAnswered = false;
    list.textContent = '';
    clearAttachment();
    input.value = '';
    show(composerError, false);
    show(views.chat, false);
    show(views.end, false);
    show(surveyForm, false);
    show(surveyThanks, false);
    surveyForm.reset();
    closeLeaveDialog(false);
    banner.textContent = '';
    banner.removeAttribute('data-state');
    show(views.entry, true);
    entrySubmit.disabled = false;
    entrySubmit.textContent = T.startButton;
  }

  function syncNow() {
    if (syncing) return;
    syncing = true;
    var conv = session.conversationId;
    request('widget:sync', { afterSeq: contiguous }).then(function (data) {
      syncing = false;
      if (!session || session.conversationId !== conv) return;
      openChat();
      applyState(data.state);
      data.messages.forEach(addMessage);
    }, function (error) {
      syncing = false;
      if (error.status === 403 || error.status === 404) resumeLost();
    });
  }

  function senderName(message) {
    if (message.tipoUsuario === 'CLIENTE') return T.you;
    if (message.tipoUsuario === 'BOT') return config.assistantName;
    if (message.tipoUsuario === 'ASESOR') return (state && state.agentName) || T.agent;
    return T.system;
  }

  function safeUrl(url) {
    if (typeof url !== 'string') return null;
    if (/^https?:\/\//i.test(url)) return url;
    if (/^\/(?!\/)/.test(url)) return url;
    return null;
  }
  /** Chat attachments download through the widget's own route with the resume token. */
  function fileUrl(url) {
    var m = /^\/(?:api\/multimedia\/descargar|widget\/files)\/([A-Za-z0-9_-]{1,100})$/.exec(url || '');
    if (m && session) return '/widget/files/' + m[1] + '?token=' + encodeURIComponent(session.token);
    return safeUrl(url);
  }
  function link(href, text, testid) {
    if (!href) return el('span', { text: text });
    return el('a', { href: href, target: '_blank', rel: 'noopener noreferrer', 'data-testid': testid, text: text });
  }
  function renderFile(file, kind) {
    var href = fileUrl(file.url);
    if ((kind === 3 || /^image\//.test(file.contentType)) && href) {
      return el('a', { href: href, target: '_blank', rel: 'noopener noreferrer', className: 'msg-image', 'data-testid': 'message-image' }, [el('img', { src: href, alt: file.name, loading: 'lazy' })]);
    }
    var label = kind === 5 ? T.video : kind === 4 ? T.document : T.attachment;
    return link(href, fmt(label, { name: file.name }), 'message-file');
  }

  function renderItems(items) {
    var box = el('div', { className: 'msg-items' });
    items.forEach(function (item) {
      if (item.itemType === 9) {
        if (item.itemValue) box.appendChild(el('p', { text: item.itemValue }));
        var group = el('div', { className: 'options', role: 'group', 'aria-label': item.itemValue || T.options });
        (item.itemOptions || []).forEach(function (option) {
          var button = el('button', { type: 'button', className: 'option', 'data-testid': 'bot-option', text: option, disabled: Boolean(state && state.state === 'FINALIZADA') });
          button.addEventListener('click', function () { sendMessage(option, null); });
          group.appendChild(button);
        });
        box.appendChild(group);
      } else if (item.itemFile && (item.itemType === 3 || item.itemType === 4 || item.itemType === 5)) {
        box.appendChild(el('p', null, [renderFile(item.itemFile, item.itemType)]));
      } else if (item.itemType === 2 && item.itemValue) {
        box.appendChild(el('p', null, [link(safeUrl(item.itemValue), item.itemValue, 'bot-link')]));
      } else if (item.itemValue) {
        box.appendChild(el('p', { className: 'msg-text', text: item.itemValue }));
      }
    });
    return box;
  }

  function timeOf(iso) {
    var date = new Date(iso);
    if (isNaN(date.getTime())) return null;
    return el('time', { datetime: date.toISOString(), text: date.toLocaleTimeString('es-CO', { hour: '2-digit', minute: '2-digit' }) });
  }

  function renderMessage(message) {
    var kind = message.tipoUsuario.toLowerCase();
    var li = el('li', { className: 'msg msg--' + kind, 'data-testid': 'message', 'data-sender': message.tipoUsuario, 'data-seq': message.seq, 'data-client-id': message.clientId, 'data-status': 'sent' });
    li.appendChild(el('span', { className: 'sr-only', text: senderName(message) + ': ' }));
    if (message.tipoUsuario === 'ASESOR' || message.tipoUsuario === 'BOT') li.appendChild(el('span', { className: 'msg-sender', 'aria-hidden': 'true', text: senderName(message) }));
    if (message.items && message.items.length > 0) li.appendChild(renderItems(message.items));
    else if (message.mensaje) li.appendChild(el('p', { className: 'msg-text', text: message.mensaje }));
    if (message.adjunto) li.appendChild(el('p', null, [renderFile(message.adjunto, 0)]));
    var time = timeOf(message.fechaMensaje);
    if (time) li.appendChild(time);
    return li;
  }

  function nearBottom() { return list.scrollHeight - list.scrollTop - list.clientHeight < 80; }
  function scrollDown(force) { if (force || nearBottom()) list.scrollTop = list.scrollHeight; }

  function addMessage(message) {
    if (!message || typeof message.seq !== 'number' || !session || message.conversationId !== session.conversationId) return;
    if (seen[message.seq]) return;
    seen[message.seq] = true;
    if (message.clientId) {
      var pendingLi = list.querySelector('li[data-status][data-pending-id="' + message.clientId + '"]');
      if (pendingLi) pendingLi.remove();
    }
    var stick = nearBottom();
    if (message.tipoMensaje !== 'COMMAND') {
      var li = renderMessage(message);
      var next = null;
      var items = list.children;
      for (var i = 0; i < items.length; i++) {
        var seq = Number(items[i].getAttribute('data-seq'));
        if (items[i].hasAttribute('data-pending-id') || seq > message.seq) { next = items[i]; break; }
      }
      list.insertBefore(li, next);
    }
    var before = contiguous;
    while (seen[contiguous + 1]) contiguous++;
    if (contiguous !== before) {
      session.lastSeq = contiguous;
      saveSession();
    }
    if (message.seq > contiguous + 1 && socket && socket.connected) syncNow();
    scrollDown(stick);
  }

  function renderPending(clientId, text, file) {
    var li = el('li', { className: 'msg msg--cliente msg--pending', 'data-testid': 'message', 'data-sender': 'CLIENTE', 'data-status': 'sending', 'data-pending-id': clientId });
    li.appendChild(el('span', { className: 'sr-only', text: T.you + ': ' }));
    if (text) li.appendChild(el('p', { className: 'msg-text', text: text }));
    if (file) li.appendChild(el('p', { text: fmt(T.attachment, { name: file.name }) }));
    li.appendChild(el('span', { className: 'msg-status', 'data-testid': 'message-status', text: T.sending }));
    return li;
  }

  function readBase64(file) {
    return new Promise(function (resolve, reject) {
      var reader = new FileReader();
      reader.onload = function () {
        var result = String(reader.result);
        resolve(result.slice(result.indexOf(',') + 1));
      };
      reader.onerror = function () { reject({ status: 0, message: T.genericError }); };
      reader.readAsDataURL(file);
    });
  }
  function contentTypeOf(file) {
    var type = (file.type || '').toLowerCase();
    return /^[a-z]+\/[a-z0-9.+-]+$/.test(type) && type.length <= 100 ? type : 'application/octet-stream';
  }

  function sendMessage(text, file) {
    if (!session || (state && state.state === 'FINALIZADA')) return;
    var clientId = newClientId();
    var li = renderPending(clientId, text, file);
    list.appendChild(li);
    scrollDown(true);
    var conversationId = session.conversationId;
    var upload = file
      ? readBase64(file).then(function (data) {
          return request('widget:upload', { data: data, format_type: 'base64', content_type: contentTypeOf(file), name: file.name.slice(0, 200), conversationId: conversationId });
        })
      : Promise.resolve(null);
    upload
      .then(function (ref) {
        return request('widget:message', { clientId: clientId, text: text, attachment: ref ? { contentType: ref.contentType, name: ref.name, url: ref.url } : null });
      })
      .then(function (message) { addMessage(message); }, function (error) {
        li.setAttribute('data-status', 'error');
        var status = li.querySelector('.msg-status');
        if (status) status.textContent = fmt(T.notSent, { error: (error && error.message) || T.genericError });
      });
  }

  function onComposerSubmit(event) {
    event.preventDefault();
    var text = input.value.trim();
    if (text === '' && !selectedFile) {
      composerError.textContent = T.emptyMessage;
      show(composerError, true);
      input.focus();
      return;
    }
    show(composerError, false);
    var file = selectedFile;
    input.value = '';
    clearAttachment();
    sendMessage(text, file);
    input.focus();
  }

  function clearAttachment() {
    selectedFile = null;
    fileInput.value = '';
    show(fileChip, false);
    fileName.textContent = '';
  }
  function onFileChosen() {
    var file = fileInput.files && fileInput.files[0];
    show(composerError, false);
    if (!file) return clearAttachment();
    if (file.size > boot.maxUploadBytes) {
      clearAttachment();
      composerError.textContent = T.fileTooLarge;
      show(composerError, true);
      return;
    }
    selectedFile = file;
    fileName.textContent = fmt(T.attachmentSelected, { name: file.name });
    show(fileChip, true);
  }

  /* ───── state ───── */

  function applyState(next) {
    if (!next || !session || next.conversationId !== session.conversationId) return;
    var wasEnded = state && state.state === 'FINALIZADA';
    state = next;
    banner.setAttribute('data-state', next.state);
    var ended = next.state === 'FINALIZADA';
    if (next.state === 'BOT') banner.textContent = fmt(T.stateBot, { assistant: config.assistantName });
    else if (next.state === 'EN_COLA') banner.textContent = T.stateQueue;
    else if (!ended) banner.textContent = next.agentName ? fmt(T.stateAgent, { agent: next.agentName }) : T.stateAgentUnknown;
    else banner.textContent = T.stateEnded;
    show(askAgent, next.state === 'BOT');
    show(leaveButton, !ended);
    input.disabled = ended;
    fileInput.disabled = ended;
    $('composer-send').disabled = ended;
    Array.prototype.forEach.call(list.querySelectorAll('button.option'), function (b) { b.disabled = ended; });
    show(composer, !ended);
    if (ended) {
      closeLeaveDialog(false);
      endMessage.textContent = next.endMessage || '';
      show(endMessage, Boolean(next.endMessage));
      show(surveyForm, next.surveyPending && !surveyAnswered);
      show(surveyThanks, surveyAnswered);
      show(views.end, true);
      if (!wasEnded) $('end-title').focus();
    }
  }

  /* ───── leaving ───── */

  function openLeaveDialog() {
    show(leaveDialog, true);
    leaveYes.focus();
  }
  function closeLeaveDialog(restoreFocus) {
    if (leaveDialog.hidden) return;
    show(leaveDialog, false);
    if (restoreFocus && !leaveButton.hidden) leaveButton.focus();
  }
  function leave() {
    leaveYes.disabled = true;
    request('widget:leave', {}).then(function (next) {
      leaveYes.disabled = false;
      applyState(next);
    }, function (error) {
      leaveYes.disabled = false;
      closeLeaveDialog(true);
      composerError.textContent = error.message || T.genericError;
      show(composerError, true);
    });
  }

  /* ───── survey ───── */

  function checked(name) {
    var chosen = surveyForm.querySelector('input[name="' + name + '"]:checked');
    return chosen ? Number(chosen.value) : null;
  }
  function onSurveySubmit(event) {
    event.preventDefault();
    var satisfaction = checked('satisfaction');
    var nps = checked('nps');
    if (satisfaction === null || nps === null) {
      surveyError.textContent = satisfaction === null ? T.satisfactionMissing : T.npsMissing;
      show(surveyError, true);
      $(satisfaction === null ? 'survey-satisfaction-1' : 'survey-nps-0').focus();
      return;
    }
    show(surveyError, false);
    surveySubmit.disabled = true;
    request('widget:survey', { satisfaction: satisfaction, nps: nps }).then(function (next) {
      surveySubmit.disabled = false;
      surveyAnswered = true;
      applyState(next);
      surveyThanks.focus();
    }, function (error) {
      surveySubmit.disabled = false;
      surveyError.textContent = error.message || T.genericError;
      show(surveyError, true);
    });
  }

  /* ───── wiring ───── */

  buildEntryForm();
  entryForm.addEventListener('submit', onEntrySubmit);
  composer.addEventListener('submit', onComposerSubmit);
  input.addEventListener('keydown', function (event) {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      composer.requestSubmit ? composer.requestSubmit() : onComposerSubmit(event);
    }
  });
  fileInput.addEventListener('change', onFileChosen);
  fileRemove.addEventListener('click', function () { clearAttachment(); input.focus(); });
  askAgent.addEventListener('click', function () { sendMessage(SEND_TEXT, null); });
  leaveButton.addEventListener('click', openLeaveDialog);
  leaveNo.addEventListener('click', function () { closeLeaveDialog(true); });
  leaveYes.addEventListener('click', leave);
  leaveDialog.addEventListener('keydown', function (event) {
    if (event.key === 'Escape') closeLeaveDialog(true);
  });
  surveyForm.addEventListener('submit', onSurveySubmit);
  newChat.addEventListener('click', function () {
    closeSocket();
    resetConversation();
    var first = entryForm.querySelector('input, select, button');
    if (first) first.focus();
  });

  if (session) {
    openChat();
    banner.textContent = T.reconnecting;
    socket = connect({ conversationId: session.conversationId, token: session.token });
  }
})();
`;
