// The board page's entry: /play/TOKEN plays (or watches) a game,
// /replay/TOKEN steps through a save. Both share board.html.

import {el, replaceChildren} from './dom.js';
import {getJSON} from './api.js';

const [, kind, token] = location.pathname.split('/');

function fail(error) {
  const status = document.getElementById('status');
  if (status) replaceChildren(status, el('span', {class: 'error'}, `Cannot show this game: ${error.message || error}`));
  document.body.dataset.error = '1';
}

if (!/^[0-9a-fA-F]+$/.test(token || '')) {
  fail(new Error('this address has no game token'));
} else if (kind === 'replay') {
  // The first answers are asked for while the page's modules load.
  const first = {board: getJSON(`/api/replay/${token}/board`), at: getJSON(`/api/replay/${token}/at/0`)};
  import('./replay.js').then((m) => m.startReplay(token, first)).catch(fail);
} else {
  const first = {board: getJSON(`/api/play/${token}/board`), state: getJSON(`/api/play/${token}/state`),
    log: getJSON(`/api/play/${token}/log?after=-1`)};
  import('./play.js').then((m) => m.startPlay(token, first)).catch(fail);
}
