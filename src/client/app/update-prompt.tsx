// Placeholder until the PWA work lands: asks to reload when a new version of the app is waiting.
export function UpdatePrompt() {
  return null;
}
