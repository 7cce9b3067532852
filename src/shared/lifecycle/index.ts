// The lifecycle of a pack and a carton, written once (DESIGN section 4).
export * from './states.js';
export * from './rules.js';
export { LIFECYCLE_MSG } from './messages.js';
