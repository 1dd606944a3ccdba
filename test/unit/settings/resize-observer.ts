// jsdom has no ResizeObserver; the table's windowing only needs one that never fires there.
class StillResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

globalThis.ResizeObserver ??= StillResizeObserver;
