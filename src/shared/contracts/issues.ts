// Turns a zod failure into the one message the user sees: the first failing field's message.
import type { z } from 'zod';

export const BODY_NOT_OBJECT = 'The request body must be a JSON object.';
export const BODY_TOO_DEEP = 'The request body is nested too deeply.';

export function firstMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid Arguments';
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  if (issue.path.length === 0 && issue.code === 'invalid_type') return BODY_NOT_OBJECT;
  return issue.message;
}
