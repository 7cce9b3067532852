// Damage Carton's quick reasons (issue 27, scan-first): the usual causes as one tap each, so a gloved
// operator need not type before the scan. Each is a reason the spec accepts (REASON_MIN..REASON_MAX
// characters; tests/unit/client/floor/quick-reasons.test.ts holds them to it).
export const QUICK_REASONS = ['Torn carton', 'Wet / water damage', 'Crushed', 'Pack leaking'] as const;
