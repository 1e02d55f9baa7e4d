// The page of one game for one side or a spectator (/play/TOKEN): loads the
// board and the state, draws them, and keeps them current from the server's
// stream of `action` events. Choices are taken by button or by pointing at
// the board (pointing.js); a stale choice (409: somebody acted meanwhile)
// reloads the state instead.
//
// Test hooks: body[data-actions] is the action count of the view on screen,
// body[data-ready="1"] is set once the first full render is done.

import {ApiError, getJSON, postJSON} from './api.js';
import {BoardModel} from './model.js';
import {mountBoard, showView} from './scene.js';
import {Pointing} from './pointing.js';
import {Log, renderDecision, renderHeader, renderSummary, showMessage} from './panel.js';
import {el, replaceChildren} from './dom.js';

// `early` holds the first requests, made while the modules loaded.
export async function startPlay(token, early = {}) {
  const api = `/api/play/${token}`;
  const [boardJson, first] = await Promise.all([early.board || getJSON(`${api}/board`), early.state || getJSON(`${api}/state`)]);
  const model = new BoardModel(boardJson);
  const scene = mountBoard(model);
  const log = new Log(document.getElementById('log'));
  const undoButton = document.getElementById('undo');
  const hintButton = document.getElementById('hint');
  document.title = `${model.title} - cardboard`;

  let state = first;
  let logAfter = -1; // the log holds every event of actions up to this one
  let logHash = null; // the state the log was read for
  let busy = false;
  // The count of actions a proposal the reader is about to make would take
  // back (null: none being confirmed). More than one is asked first.
  let confirming = null;
  let hint = null; // the last hint's answer, for the view of its action count
  let hinting = false;
  // Several like choices taken in one go (issue 61.7): at a decision that
  // offers pieces and a way to stop (commit a marker ... or done), the reader
  // picks pieces, then confirms, and the page takes them one decision at a
  // time as the rules ask again. {actions, prompt, picked: [piece ids]}.
  let selecting = null;
  let taking = null; // while confirmed picks are being taken: "k of n"
  const pointing = new Pointing(scene.board, (choice) => choose(choice));

  const you = () => (state.you && state.you.side) || null;

  function who() {
    if (state.spectator || !you()) return 'Watching';
    return `Playing ${(state.you && state.you.title) || model.sideTitle(you())}`;
  }

  function render() {
    const view = state.view;
    if (selecting && selecting.actions !== state.actions) selecting = null; // the game moved on
    renderHeader(document.getElementById('header'), model, view, who());
    showView(scene, view);
    pointing.setChoices(busy || selecting ? [] : view.choices || []);
    renderDecision(model, view, you(), pointing, choose, busy || taking !== null, Boolean(state.bot_deciding),
      state.bot_error || '', selecting ? selecting.picked : null);
    renderSeveral(view);
    renderSummary(view);
    renderUndo(view);
    renderHint(view);
    document.body.dataset.actions = String(state.actions);
    document.body.classList.toggle('finished', Boolean(view.finished));
  }

  // The pieces of a decision that may be taken several in a row: two or
  // more, beside an option that ends the taking (done).
  function severalOf(view) {
    if (state.spectator || !you() || view.finished || view.deciding !== you()) return [];
    const choices = view.choices || [];
    const pieces = choices.filter((c) => c.kind === 'piece');
    return pieces.length >= 2 && choices.some((c) => c.kind === 'option') ? pieces : [];
  }

  function choose(choice) {
    if (selecting && choice.kind === 'piece') {
      const at = selecting.picked.indexOf(choice.piece);
      if (at >= 0) selecting.picked.splice(at, 1);
      else selecting.picked.push(choice.piece);
      render();
      return;
    }
    act(choice);
  }

  function renderSeveral(view) {
    const box = document.getElementById('several');
    const pieces = severalOf(view);
    const button = (label, what, onClick, disabled = false) => {
      const b = el('button', {type: 'button', class: 'undo', 'data-several': what}, label);
      b.disabled = busy || disabled;
      b.addEventListener('click', onClick);
      return b;
    };
    if (taking !== null) {
      replaceChildren(box, el('span', {class: 'text'}, `Taking ${taking}…`));
    } else if (pieces.length === 0) {
      replaceChildren(box);
    } else if (!selecting) {
      replaceChildren(box, button('Choose several…', 'start', () => {
        selecting = {actions: state.actions, prompt: view.prompt, picked: []};
        render();
      }));
    } else {
      const n = selecting.picked.length;
      replaceChildren(box,
        el('span', {class: 'text'}, 'Pick the pieces, then confirm: each is taken in turn, as the rules ask again.'),
        button('All', 'all', () => {
          selecting.picked = pieces.map((c) => c.piece);
          render();
        }),
        button(n === 1 ? 'Take 1' : `Take ${n}`, 'confirm', takeSeveral, n === 0),
        button('Cancel', 'cancel', () => {
          selecting = null;
          render();
        }));
    }
    box.hidden = taking === null && pieces.length === 0;
  }

  // Takes the picked pieces in order, each at the decision the rules ask
  // next; stops where that decision is another or no longer offers one.
  async function takeSeveral() {
    const {prompt, picked} = selecting;
    selecting = null;
    let taken = 0;
    let stopped = '';
    for (const piece of picked) {
      const view = state.view;
      const choice = view.deciding === you() && view.prompt === prompt ?
        (view.choices || []).find((c) => c.kind === 'piece' && c.piece === piece) : undefined;
      if (!choice) {
        stopped = view.deciding === you() && view.prompt === prompt ?
          'the rules no longer offer the next one' : 'the rules ask something else now';
        break;
      }
      taking = `${taken + 1} of ${picked.length}`;
      const before = state.actions;
      await act(choice);
      await refresh();
      if (state.actions === before) {
        stopped = 'a choice was refused';
        break;
      }
      taken += 1;
    }
    taking = null;
    render();
    if (stopped) showMessage(`Took ${taken} of ${picked.length}: ${stopped}.`);
  }

  // Undo as the policy allows: alone (a solitaire or practice game, or
  // before any roll or secret shown), else by asking the other side of
  // people, whose page shows the question with Agree and Decline.
  function renderUndo(view) {
    const undo = state.undo || {};
    const proposal = undo.proposal;
    const count = undo.count || 1;
    const actions = (n) => `${n} ${n === 1 ? 'action' : 'actions'}`;
    // Which actions: "2 actions (11 to 12)", counted back from now.
    const which = (n) => (n === 1 ? actions(1) : `${actions(n)} (${state.actions - n + 1} to ${state.actions})`);
    undoButton.hidden = state.spectator || !you() || view.finished || !(undo.possible || undo.needs_agreement);
    undoButton.disabled = busy || Boolean(proposal) || confirming !== null;
    const verb = undo.possible ? 'Undo' : 'Ask to undo';
    undoButton.textContent = count === 1 ? verb : `${verb} ${actions(count)}`;
    undoButton.title = (undo.possible ? 'take back your last action' : 'past a roll or a secret shown: the other side must agree') +
      (count === 1 ? '' : ` and the ${actions(count - 1)} after it`);
    const box = document.getElementById('undo-proposal');
    const what = (p) => `take back ${which(p.count)}`;
    if (confirming !== null && (proposal || confirming !== count || undo.possible)) confirming = null; // the game moved on
    const button = (label, attrs, onClick) => {
      const b = el('button', {type: 'button', class: 'undo', ...attrs}, label);
      b.disabled = busy;
      b.addEventListener('click', onClick);
      return b;
    };
    if (proposal && proposal.yours_to_answer) {
      const answer = (agree, label) => button(label, {'data-undo-answer': agree ? 'agree' : 'decline'},
        () => send('undo/answer', {at: state.actions, agree}, 'Answer refused'));
      replaceChildren(box, el('span', {class: 'text'}, `${model.sideTitle(proposal.by)} asks to ${what(proposal)}.`),
        answer(true, 'Agree'), answer(false, 'Decline'));
    } else if (proposal) {
      const waiting = proposal.waiting.map((id) => model.sideTitle(id)).join(', ');
      const who = proposal.by === you() ? 'You ask' : `${model.sideTitle(proposal.by)} asks`;
      replaceChildren(box, el('span', {class: 'text'}, `${who} to ${what(proposal)}: waiting for ${waiting}.`));
    } else if (confirming !== null) {
      // Said before it is asked: the others' actions since go back too.
      replaceChildren(box, el('span', {class: 'text'},
        `Ask the others to take back ${which(confirming)}, back to and with your last action?`),
      button('Ask', {'data-undo-confirm': 'ask'}, () => {
        confirming = null;
        send('undo/propose', {at: state.actions, count}, 'Cannot ask to undo');
      }),
      button('Cancel', {'data-undo-confirm': 'cancel'}, () => {
        confirming = null;
        render();
      }));
    } else {
      replaceChildren(box, undo.note ? el('span', {class: 'text'}, `${undo.note}.`) : '');
    }
    box.hidden = !proposal && !undo.note && confirming === null;
  }

  // A hint (the server's bot, asked what it would take at this reader's
  // decision): its choice marked among the buttons, and its most tried
  // choices with how their playouts went. It lapses once the game moves.
  function renderHint(view) {
    const yours = !state.spectator && you() && !view.finished && (view.choices || []).length > 0;
    hintButton.hidden = !yours;
    hintButton.disabled = busy || hinting;
    hintButton.textContent = hinting ? 'Thinking…' : 'Hint';
    const box = document.getElementById('hint-box');
    if (!yours || !hint || hint.actions !== state.actions) {
      hint = null;
      replaceChildren(box, '');
      box.hidden = true;
      return;
    }
    const pct = (x) => `${Math.round(100 * x)}%`;
    const tried = (hint.tried || []).map((c) =>
      el('li', {}, `${c.n}. ${c.text || c.value}: ${c.visits} of ${hint.iterations}, ${pct(c.mean)}`));
    // How sure it is comes first, in the server's words: near-equal
    // playouts make the choice a guess.
    const sureText = hint.sure && typeof hint.sure.text === 'string' ? hint.sure.text : '';
    const sure = sureText
      ? el('p', {class: hint.sure.apart ? 'sure' : 'guess'}, `${sureText.charAt(0).toUpperCase()}${sureText.slice(1)}.`)
      : null;
    replaceChildren(box,
      el('p', {}, `${hint.bot} would take ${hint.choice}. ${hint.text || hint.value}`),
      sure,
      tried.length ? el('p', {}, `Its most tried choices: iterations, and the mean outcome of their playouts for you (a win 100%):`) : null,
      tried.length ? el('ul', {class: 'tried'}, tried) : null);
    box.hidden = false;
    const marked = document.querySelector(`#choices [data-choice="${hint.choice}"]`);
    if (marked) marked.classList.add('hinted');
  }

  async function askHint() {
    if (busy || hinting) return;
    hinting = true;
    showMessage('');
    render();
    try {
      hint = await postJSON(`${api}/hint`, {at: state.actions});
    } catch (error) {
      hint = null;
      showMessage(`No hint: ${error.message}`);
    } finally {
      hinting = false;
    }
    render();
  }

  // The events the log lacks: after an undo (fewer actions, or the same
  // number reached another way) the whole log is read again.
  async function syncLog() {
    const rewound = state.actions < logAfter || (state.actions === logAfter && logHash !== null && logHash !== state.view.view_hash);
    if (logAfter >= 0 && !rewound && state.actions === logAfter) return;
    const fresh = logAfter >= 0 && !rewound;
    const answer = await getJSON(`${api}/log?after=${fresh ? logAfter : -1}`);
    // Events of actions the state does not hold yet come again next time.
    const events = (answer.events || []).filter((e) => e.action <= state.actions);
    if (fresh) {
      log.append(events);
      scene.toasts.show(events);
    } else {
      log.reset(events);
    }
    logAfter = state.actions;
    logHash = state.view.view_hash;
  }

  // The whole log asked for with the state, before it was known: complete
  // up to its last event's action at least (the game may have moved on
  // between the two answers; refresh() reads what follows).
  function takeEarlyLog(answer) {
    const events = (answer.events || []).filter((e) => e.action <= state.actions);
    log.reset(events);
    logAfter = events.reduce((most, e) => Math.max(most, e.action), -1);
    logHash = logAfter === state.actions ? state.view.view_hash : null;
  }

  // One refresh at a time. `announced` is the newest action count the
  // server has told of (the stream, or an answer to act or undo), with the
  // room's version (null after this page's own request): a refresh goes
  // round again only while the state it read is older than that.
  let refreshing = null;
  let again = false;
  let announced = null;
  let announcedVersion = null;
  async function refresh() {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = (async () => {
      do {
        again = false;
        try {
          state = await getJSON(`${api}/state`);
          await syncLog();
          render();
        } catch (error) {
          showMessage(`Could not reload the game: ${error.message}`);
          break;
        }
      } while (again && (announced !== state.actions || announcedVersion !== state.version));
    })();
    try {
      await refreshing;
    } finally {
      refreshing = null;
    }
  }

  // `version` (the room's change count, from the stream) also changes
  // when nothing is played: an undo proposed or answered. null: unknown,
  // and an answer to this page's own request always refreshes.
  function announce(n, version) {
    announced = n;
    announcedVersion = version;
    if (n !== state.actions || version === null || version !== state.version) refresh();
  }

  async function act(choice) {
    if (busy) return;
    busy = true;
    showMessage('');
    render();
    try {
      const answer = await postJSON(`${api}/act`, {at: state.actions, choice: String(choice.value ?? choice.n)});
      busy = false;
      // The stream may have brought the new state first, drawn while busy (no choices): draw it again.
      if (answer.actions === state.actions) render();
      return announce(answer.actions, null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) showMessage('Somebody acted meanwhile: here is the game as it is now.');
      else showMessage(error.message);
    } finally {
      busy = false;
    }
    await refresh();
  }

  // An undo, a proposal or an answer: its answer's action count is announced.
  async function send(route, body, refused) {
    if (busy) return;
    busy = true;
    showMessage('');
    try {
      const answer = await postJSON(`${api}/${route}`, body);
      busy = false;
      if (answer.actions === state.actions) render();
      return announce(answer.actions, null);
    } catch (error) {
      showMessage(`${refused}: ${error.message}`);
    } finally {
      busy = false;
    }
    await refresh();
  }

  hintButton.addEventListener('click', askHint);
  undoButton.addEventListener('click', () => {
    const count = (state.undo && state.undo.count) || 1;
    if (state.undo && state.undo.possible) send('undo', {at: state.actions, count}, 'Undo refused');
    else if (count === 1) send('undo/propose', {at: state.actions, count}, 'Cannot ask to undo');
    else {
      confirming = count;
      render();
    }
  });

  if (early.log) takeEarlyLog(await early.log);
  else await syncLog();
  performance.mark('cardboard-data'); // everything fetched: the rest is drawing
  render();
  document.body.dataset.ready = '1';
  performance.mark('cardboard-ready'); // the render benchmark reads it (tools/bench/browser)

  if (logAfter < state.actions) refresh();

  const stream = new EventSource(`${api}/stream`);
  stream.addEventListener('action', (e) => {
    let data = null;
    try {
      data = JSON.parse(e.data);
    } catch {
      data = null;
    }
    if (!data || typeof data.actions !== 'number') refresh();
    else announce(data.actions, data.version ?? null);
  });
  stream.addEventListener('open', () => document.body.classList.remove('offline'));
  stream.addEventListener('error', () => document.body.classList.add('offline'));
}
