// The layers by name, as tsconfig.json's paths spell them (tsx and the lint read those): an import of
// `@shared/codes.js` is src/shared/codes.ts, for vite's build and vitest alike.
import { fileURLToPath } from 'node:url';

export const LAYER_ALIASES = (['shared', 'server', 'client'] as const).map((layer) => ({
  find: new RegExp(`^@${layer}/`),
  replacement: fileURLToPath(new URL(`../${layer}/`, import.meta.url)),
}));
