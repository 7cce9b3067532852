// OUTBOX REPLAY (Background Sync): to be filled in by the offline-outbox issue (DESIGN.md section 5).
//
// The plan: listen for the `sync` event with the outbox tag, open the same Dexie/IndexedDB outbox the
// page writes, and drain it in order with event.waitUntil(...), sending each entry with its
// idempotency key and recording the server's answer. Browsers without Background Sync are served by
// the page's own drainer (on `online`, at start and on a timer), so this worker adds nothing until then.
//
// Deliberately empty: no outbox exists yet, and a fake drainer would hide that.
export function registerOutboxReplay(_worker: ServiceWorkerGlobalScope): void {
  // Intentionally left empty until the outbox lands.
}
