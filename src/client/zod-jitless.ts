// Imported first by main.tsx: zod decides at each schema's construction whether to compile parsers
// with new Function, which the page's CSP (script-src 'self') forbids and reports as a violation.
import { z } from 'zod';

z.config({ jitless: true });
