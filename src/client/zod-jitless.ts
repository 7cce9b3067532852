// What 'zod' means in the client build (vite.config.ts aliases it here): zod itself, told first not
// to compile parsers with new Function, which the page's CSP (script-src 'self') forbids. An alias,
// not an early import, because the bundler may evaluate a chunk's schemas before any later module.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
