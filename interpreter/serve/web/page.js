// The board page's entry: /play/TOKEN plays (or watches) a game,
// /replay/TOKEN steps through a save. Both share board.html.

import {el, replaceChildren} from './dom.js';

const [, kind, token] = location.pathname.split('/');

function fail(error) {
  const status = document.getElementById('status');
  if (status) replaceChildren(status, el('span', {class: 'error'}, `Cannot show this game: ${error.message || error}`));
  document.body.dataset.error = '1';
}

if (!/^[0-9a-fA-F]+$/.test(token || '')) {
  fail(new Error('this address has no game token'));
} else if (kind === 'replay') {
  import('./replay.js').then((m) => m.startReplay(token)).catch(fail);
} else {
  import('./play.js').then((m) => m.startPlay(token)).catch(fail);
}
