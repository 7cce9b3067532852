// Country, state and city options (spec 1 sections 3.12, 7): POST calls with the id in the query
// string, readable by any signed-in user (every address form uses them). 0 means all.
import { asc, eq } from 'drizzle-orm';
import { ok, warn } from '../../../shared/contracts/envelope.js';
import { REFERENCE_API } from '../../../shared/contracts/reference.js';
import { cities, countries, states } from '../../db/schema.js';
import { INVALID_ARGUMENTS, type Router } from '../../http/route.js';

/** The query's id: absent or blank is 0 (all); anything but a whole number is refused. */
function queryId(raw: string | undefined): number | null {
  if (raw === undefined || raw.trim() === '') return 0;
  return /^\d{1,9}$/.test(raw.trim()) ? Number(raw) : null;
}

export function referenceRoutes(r: Router) {
  r.serve(REFERENCE_API.countries, async ({ db, query }) => {
    const id = queryId(query.cCode);
    if (id === null) return warn(INVALID_ARGUMENTS);
    return ok(
      await db
        .select({ CountryId: countries.id, Country: countries.name })
        .from(countries)
        .where(id === 0 ? undefined : eq(countries.id, id))
        .orderBy(asc(countries.name)),
    );
  });

  r.serve(REFERENCE_API.states, async ({ db, query }) => {
    const id = queryId(query.cCode);
    if (id === null) return warn(INVALID_ARGUMENTS);
    return ok(
      await db
        .select({ StateId: states.id, State: states.name, CountryId: states.countryId })
        .from(states)
        .where(id === 0 ? undefined : eq(states.countryId, id))
        .orderBy(asc(states.name)),
    );
  });

  r.serve(REFERENCE_API.cities, async ({ db, query }) => {
    const id = queryId(query.sCode);
    if (id === null) return warn(INVALID_ARGUMENTS);
    return ok(
      await db
        .select({ CityId: cities.id, City: cities.name, StateId: cities.stateId })
        .from(cities)
        .where(id === 0 ? undefined : eq(cities.stateId, id))
        .orderBy(asc(cities.name), asc(cities.id)),
    );
  });
}
