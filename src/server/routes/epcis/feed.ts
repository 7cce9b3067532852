// The partner feed (docs/epcis.md "The partner feed"): the partner's next page and its
// acknowledgement, and the partners an admin of the company sets up (Role Management's holders).
import { and, eq } from 'drizzle-orm';
import { failure, ok, warn } from '../../../shared/contracts/envelope.js';
import { EPCIS_API, EPCIS_MSG, FEED_ACK_HEADER } from '../../../shared/contracts/epcis.js';
import { companyScope } from '../../auth/scope.js';
import { epcisPartners, users } from '../../db/schema.js';
import { lostKey } from '../../db/races.js';
import { acknowledge, ackedText, FEED_MAX_PER_PAGE, feedPage, partnerOf } from '../../epcis/feed.js';
import { microsText } from '../../epcis/order.js';
import type { Router } from '../../http/route.js';
import { badQuery, listed, sendDocument } from './answer.js';

export function epcisFeedRoutes(r: Router) {
  r.serve(EPCIS_API.feed, async ({ db, caller, query, reply, config, codes }) => {
    const partner = await partnerOf(db, caller.userId);
    if (!partner) return void reply.code(403).send(failure('403', EPCIS_MSG.notPartner));
    const raw = query.perPage ?? '100';
    if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > FEED_MAX_PER_PAGE)
      return void (await badQuery(reply, `perPage must be a whole number from 1 to ${FEED_MAX_PER_PAGE}.`));
    const page = await feedPage(db, config.publicBaseUrl, codes, partner, Number(raw));
    const headers: Record<string, string> = page.ack ? { [FEED_ACK_HEADER]: page.ack } : {};
    await sendDocument(reply, 'EPCISQueryDocument', listed(page.events), { headers });
    return undefined;
  });

  r.serve(EPCIS_API.feedAck, async ({ db, caller, body, reply }) => {
    const partner = await partnerOf(db, caller.userId);
    if (!partner) return void reply.code(403).send(failure('403', EPCIS_MSG.notPartner));
    const at = await acknowledge(db, partner, body.PageToken);
    if (!at) return warn(EPCIS_MSG.pageToken);
    return ok({ AckedUpTo: at.micros ? microsText(at.micros) : '' }, EPCIS_MSG.acknowledged);
  });

  r.serve(EPCIS_API.partners, async ({ db, caller }) => {
    const found = await db
      .select({ partner: epcisPartners, userName: users.userName })
      .from(epcisPartners)
      .innerJoin(users, eq(users.id, epcisPartners.userId))
      .where(companyScope(caller, epcisPartners.companyId))
      .orderBy(epcisPartners.id);
    return ok(
      found.map(({ partner: p, userName }) => ({
        PartnerId: p.id,
        Name: p.name,
        UserId: p.userId,
        UserName: userName,
        AckedUpTo: ackedText(p),
      })),
    );
  });

  r.serve(EPCIS_API.savePartner, async ({ db, caller, body }) => {
    // A user of another company is answered as one not chosen: nothing is said of it.
    const [user] = await db
      .select({ id: users.id, userName: users.userName, companyId: users.companyId })
      .from(users)
      .where(and(eq(users.id, body.UserId), companyScope(caller, users.companyId)));
    if (!user || user.companyId === null) return warn(EPCIS_MSG.partnerUser);
    if (await partnerOf(db, user.id)) return warn(EPCIS_MSG.partnerUserTaken);
    try {
      const [p] = await db
        .insert(epcisPartners)
        .values({ companyId: user.companyId, userId: user.id, name: body.Name, createdBy: caller.userId })
        .returning();
      return ok(
        { PartnerId: p!.id, Name: p!.name, UserId: p!.userId, UserName: user.userName, AckedUpTo: '' },
        EPCIS_MSG.partnerSaved,
      );
    } catch (e) {
      if (lostKey(e) !== null) return warn(EPCIS_MSG.partnerUserTaken);
      throw e;
    }
  });
}
