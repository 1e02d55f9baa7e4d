// Panning (drag) and zooming (wheel, +/- buttons) the board by moving the
// SVG's viewBox. A drag starts only after the pointer has moved a few
// pixels, so a click on a counter or hex stays a click.

const DRAG_THRESHOLD = 5;
const MIN_SCALE = 0.2;
const MAX_SCALE = 6;

export class PanZoom {
  constructor(svgRoot) {
    this.svg = svgRoot;
    this.box = null; // {x, y, width, height} in board units
    this.home = null;
    this.dragging = null;
    this.justDragged = false;
    svgRoot.addEventListener('wheel', (e) => this.onWheel(e), {passive: false});
    svgRoot.addEventListener('pointerdown', (e) => this.onDown(e));
    svgRoot.addEventListener('pointermove', (e) => this.onMove(e));
    svgRoot.addEventListener('pointerup', (e) => this.onUp(e));
    svgRoot.addEventListener('pointercancel', (e) => this.onUp(e));
    // A click that ends a drag is not a click on what lies under it.
    svgRoot.addEventListener('click', (e) => {
      if (this.justDragged) {
        e.stopPropagation();
        e.preventDefault();
        this.justDragged = false;
      }
    }, true);
  }

  // Shows the whole of `bounds`; the first call also makes it the home view.
  fit(bounds) {
    this.home = {...bounds};
    this.box = {...bounds};
    this.apply();
  }

  // Keeps the current view unless nothing was shown yet.
  ensure(bounds) {
    if (!this.box) this.fit(bounds);
    else this.home = {...bounds};
  }

  apply() {
    const b = this.box;
    this.svg.setAttribute('viewBox', `${b.x.toFixed(1)} ${b.y.toFixed(1)} ${b.width.toFixed(1)} ${b.height.toFixed(1)}`);
  }

  // The board point under a client (screen) point, with preserveAspectRatio's
  // placing (xMidYMin: centred across, at the top) taken into account.
  toBoard(clientX, clientY) {
    const rect = this.svg.getBoundingClientRect();
    const scale = Math.min(rect.width / this.box.width, rect.height / this.box.height);
    const offsetX = (rect.width - this.box.width * scale) / 2;
    const offsetY = 0;
    return {x: this.box.x + (clientX - rect.left - offsetX) / scale, y: this.box.y + (clientY - rect.top - offsetY) / scale};
  }

  scale() {
    const rect = this.svg.getBoundingClientRect();
    return Math.min(rect.width / this.box.width, rect.height / this.box.height);
  }

  zoom(factor, clientX, clientY) {
    if (!this.box) return;
    const rect = this.svg.getBoundingClientRect();
    const cx = clientX ?? rect.left + rect.width / 2;
    const cy = clientY ?? rect.top + rect.height / 2;
    const homeScale = this.home ? Math.min(rect.width / this.home.width, rect.height / this.home.height) : 1;
    const current = this.scale();
    const wanted = Math.max(MIN_SCALE * homeScale, Math.min(MAX_SCALE * homeScale, current * factor));
    const f = wanted / current;
    const p = this.toBoard(cx, cy);
    this.box = {x: p.x - (p.x - this.box.x) / f, y: p.y - (p.y - this.box.y) / f, width: this.box.width / f, height: this.box.height / f};
    this.apply();
  }

  reset() {
    if (this.home) this.fit(this.home);
  }

  onWheel(e) {
    if (!this.box) return;
    e.preventDefault();
    this.zoom(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0015)), e.clientX, e.clientY);
  }

  onDown(e) {
    if (e.button !== 0 || !this.box) return;
    this.dragging = {id: e.pointerId, x: e.clientX, y: e.clientY, box: {...this.box}, moved: false};
  }

  onMove(e) {
    const d = this.dragging;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x, dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
    if (!d.moved) {
      d.moved = true;
      this.svg.setPointerCapture(e.pointerId);
      this.svg.classList.add('panning');
    }
    const scale = this.scale();
    this.box = {...d.box, x: d.box.x - dx / scale, y: d.box.y - dy / scale};
    this.apply();
  }

  onUp(e) {
    const d = this.dragging;
    if (!d || d.id !== e.pointerId) return;
    if (d.moved) {
      this.justDragged = true;
      this.svg.classList.remove('panning');
      setTimeout(() => (this.justDragged = false), 0);
    }
    this.dragging = null;
  }
}
