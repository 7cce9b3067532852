// Moved to db/errors.ts (domain rules read it too); kept for HTTP code that still names it here.
export { uniqueViolation, unstorableText } from '../db/errors.js';
