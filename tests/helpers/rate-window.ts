// Rate limits count in fixed windows; a counting test starts well inside one so it cannot straddle
// a boundary (where the count starts again from zero).
export async function freshWindow(windowSeconds: number, marginSeconds = 10): Promise<void> {
  const left = windowSeconds - ((Date.now() / 1000) % windowSeconds);
  if (left < marginSeconds) await new Promise((r) => setTimeout(r, left * 1000 + 200));
}
