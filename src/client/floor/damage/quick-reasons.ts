// Damage Carton's quick reasons (issue 27, scan-first): the usual causes as one tap each, so a gloved
// operator need not type before the scan. Each is a reason the spec accepts (REASON_MIN..REASON_MAX
// characters; tests/unit/client/floor/quick-reasons.test.ts holds them to it). The reason saved is the
// English (the wire's); the button shows it in the device's language.
import { en } from '../words/en.js';

export const QUICK_REASONS = [en.quickTorn, en.quickWet, en.quickCrushed, en.quickLeaking] as const;
