// The visitor's position for the verification (issue 13 item 3: sent to our server, which finds the
// city itself; no outside maps service). Refused, unavailable or slow: the check goes on without it.

export interface Position {
  Latitude: number;
  Longitude: number;
}

/** Longest wait for a position, the permission prompt included: then the check goes on without one. */
export const POSITION_WAIT_MS = 4000;

/** Whether the browser may ask at all ('denied': no point in waiting). */
async function permission(): Promise<PermissionState | 'unknown'> {
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' });
    return status?.state ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The position, or null when refused, unavailable or not there within POSITION_WAIT_MS. */
export async function currentPosition(): Promise<Position | null> {
  if (!('geolocation' in navigator)) return null;
  if ((await permission()) === 'denied') return null;
  return new Promise((resolve) => {
    let settled = false;
    const done = (p: Position | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(p);
    };
    // The API's own timeout does not count the time the permission prompt stays open: this one does.
    const timer = setTimeout(() => done(null), POSITION_WAIT_MS);
    try {
      navigator.geolocation.getCurrentPosition(
        (p) => done({ Latitude: round(p.coords.latitude), Longitude: round(p.coords.longitude) }),
        () => done(null),
        // A coarse, recent fix is enough to name a city, and comes fastest.
        { enableHighAccuracy: false, maximumAge: 10 * 60_000, timeout: POSITION_WAIT_MS },
      );
    } catch {
      done(null);
    }
  });
}

/** About 11 m: enough for a city and a PIN area, and no more than that is sent. */
const round = (v: number) => Math.round(v * 10_000) / 10_000;
