// jsdom has no ResizeObserver; the table's windowing and the cut-text check only need one
// that never fires there.
class StillResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

globalThis.ResizeObserver ??= StillResizeObserver;
