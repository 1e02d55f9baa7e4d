// Playing by pointing at the board. From the open choices it works out which
// counters and locations can be clicked, lights them up, and turns a click
// into a choice:
//   a counter with `move` choices is selected and its destinations light up;
//     clicking one of them (or a counter standing there) takes that move;
//   a counter with a `piece` choice is chosen by clicking it;
//   a location with a `location` choice is chosen by clicking it.
// When only one counter can move, it starts selected. Hovering a choice's
// button hints at what it names on the board.

export class Pointing {
  constructor(board, choose) {
    this.board = board;
    this.choose = choose; // (choice) => void
    this.choices = [];
    this.selected = null;
    board.root.addEventListener('click', (e) => this.onClick(e));
  }

  setChoices(choices) {
    this.choices = choices || [];
    this.moves = new Map(); // piece id -> Map(to -> choice)
    this.pieceChoices = new Map(); // piece id -> choice (kind piece, or another kind naming only a piece)
    this.locationChoices = new Map(); // location id -> choice
    for (const c of this.choices) {
      if (c.kind === 'move' && c.piece !== undefined && c.to !== undefined) {
        if (!this.moves.has(c.piece)) this.moves.set(c.piece, new Map());
        if (!this.moves.get(c.piece).has(c.to)) this.moves.get(c.piece).set(c.to, c);
      } else if (c.piece !== undefined && !this.pieceChoices.has(c.piece)) {
        this.pieceChoices.set(c.piece, c);
      } else if (c.location !== undefined && !this.locationChoices.has(c.location)) {
        this.locationChoices.set(c.location, c);
      }
    }
    if (this.selected !== null && !this.moves.has(this.selected)) this.selected = null;
    if (this.selected === null && this.moves.size === 1 && this.pieceChoices.size === 0) this.selected = [...this.moves.keys()][0];
    this.mark();
  }

  // Puts the marks on the board again (after every render too).
  mark() {
    this.board.clearMarks();
    for (const id of this.moves.keys()) this.board.markPiece(id, 'choosable');
    for (const id of this.pieceChoices.keys()) this.board.markPiece(id, 'choosable');
    for (const id of this.locationChoices.keys()) this.board.markLocation(id, 'target');
    if (this.selected !== null) {
      this.board.markPiece(this.selected, 'selected');
      for (const to of this.moves.get(this.selected).keys()) this.board.markLocation(to, 'target');
    }
  }

  hint(choice, on) {
    const marks = this.board.root.querySelectorAll('.hinted');
    for (const node of marks) node.classList.remove('hinted');
    for (const node of this.board.marksLayer.querySelectorAll('.mark-hinted')) node.remove();
    if (!on || !choice) return;
    if (choice.piece !== undefined) this.board.markPiece(choice.piece, 'hinted');
    const where = choice.to ?? choice.location;
    if (where !== undefined) this.board.markLocation(where, 'hinted');
    for (const id of choice.shows || []) this.board.markLocation(id, 'hinted');
  }

  // The piece a click means: the clicked counter, or in a stack of identical
  // pieces the first one that has a choice.
  pieceFor(node) {
    const id = Number(node.getAttribute('data-piece'));
    if (this.moves.has(id) || this.pieceChoices.has(id)) return id;
    const stack = (node.getAttribute('data-stack') || '').split(' ').filter(Boolean).map(Number);
    return stack.find((p) => this.moves.has(p) || this.pieceChoices.has(p)) ?? id;
  }

  onClick(e) {
    if (!this.choices.length) return;
    const target = e.target instanceof Element ? e.target : null;
    if (!target) return;
    const pieceNode = target.closest('[data-piece]');
    const hiddenNode = target.closest('[data-hidden-owner]');
    let location = null;
    if (pieceNode) {
      const id = this.pieceFor(pieceNode);
      const info = this.board.pieceInfo(id);
      location = info ? info.location : null;
      // A counter standing on the selected counter's destination: the move.
      if (this.selected !== null && id !== this.selected && location !== null && this.moves.get(this.selected).has(location)) {
        return this.choose(this.moves.get(this.selected).get(location));
      }
      if (this.moves.has(id)) {
        this.selected = this.selected === id ? null : id;
        return this.mark();
      }
      if (this.pieceChoices.has(id)) return this.choose(this.pieceChoices.get(id));
    } else if (hiddenNode) {
      location = this.locationUnder(e);
    } else {
      const locationNode = target.closest('[data-location]');
      location = locationNode ? locationNode.getAttribute('data-location') : null;
    }
    if (location === null) return;
    if (this.selected !== null && this.moves.get(this.selected).has(location)) {
      return this.choose(this.moves.get(this.selected).get(location));
    }
    if (this.locationChoices.has(location)) return this.choose(this.locationChoices.get(location));
  }

  // The location under a point, looking through the pieces layer.
  locationUnder(e) {
    for (const node of document.elementsFromPoint(e.clientX, e.clientY)) {
      const location = node.closest && node.closest('[data-location]');
      if (location) return location.getAttribute('data-location');
    }
    return null;
  }
}
