// Building blocks of answer (ResponseData) schemas: what a row looks like as JSON on the wire.
import { z } from 'zod';

/** A timestamp as JSON carries it (the server's Date, serialised). */
export const dateText = z.string();

/** A save or delete that answers no data. */
export const noData = z.null();

/** A list answer: the screen's rows, each with the count before paging. */
export const listOf = <R extends z.ZodObject>(row: R) => z.array(row.extend({ TotalRows: z.number() }));
