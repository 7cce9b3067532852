// What a form shows about each field of its zod contract: the longest text the contract accepts and
// whether it must be filled. Read from the schema, so a form never restates a rule by hand.
import type { z } from 'zod';

export interface FieldLimit {
  /** The longest text the field accepts, where its chain says so. */
  maxLength?: number;
  /** True when a missing, null and blank value all fail: the form shows the asterisk. */
  required: boolean;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; options?: z.ZodType[] };
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The smallest string maximum along wrappers and pipes (a union allows its largest). */
function maxLengthOf(schema: z.ZodType): number | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
      return maxLengthOf(def.innerType!);
    case 'pipe': {
      const maxes = [maxLengthOf(def.in!), maxLengthOf(def.out!)].filter((n): n is number => n !== undefined);
      return maxes.length ? Math.min(...maxes) : undefined;
    }
    case 'union': {
      const maxes = def.options!.map(maxLengthOf);
      return maxes.every((n) => n !== undefined) ? Math.max(...(maxes as number[])) : undefined;
    }
    case 'string':
      return (schema as z.ZodString).maxLength ?? undefined;
    default:
      return undefined;
  }
}

/** Required is what the contract does, not how it is written: no empty value passes. */
const isRequired = (s: z.ZodType) => [undefined, null, ''].every((v) => !s.safeParse(v).success);

/** Each top-level field of an object contract (of a union, its first option) with its limits. */
export function fieldLimits(schema: z.ZodType): Record<string, FieldLimit> {
  const def = defOf(schema);
  if (def.type === 'pipe') return fieldLimits(def.in!);
  if (def.type === 'union') return fieldLimits(def.options![0]!);
  const shape = (schema as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return {};
  return Object.fromEntries(
    Object.entries(shape).map(([k, s]) => [k, { maxLength: maxLengthOf(s), required: isRequired(s) }]),
  );
}
