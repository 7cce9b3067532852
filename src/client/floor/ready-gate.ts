// Scans wait while a screen reads what they are judged on (the device caches, this device's queued
// work, the carton of a reload): the scan queue passes this gate before each scan, and the gate opens
// when the screen says it is ready. Judged on half the queue, a pack already in a queued carton was
// taken again (issue 27).
export interface ReadyGate {
  readonly open: boolean;
  set(open: boolean): void;
  /** Resolves once the gate is open: at once when it is, else when it next opens and is still open. */
  passed(): Promise<void>;
}

export function createReadyGate(open: boolean): ReadyGate {
  let waiting: Array<() => void> = [];
  return {
    get open() {
      return open;
    },
    set(next) {
      open = next;
      if (!open) return;
      const woken = waiting;
      waiting = [];
      woken.forEach((wake) => wake());
    },
    async passed() {
      while (!open) await new Promise<void>((wake) => waiting.push(wake));
    },
  };
}
