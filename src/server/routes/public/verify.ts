// ProductAuthentication/VerifyProduct: the public page's call (domain/verify.ts decides and stores).
import { VERIFY_API } from '../../../shared/contracts/public/verify.js';
import { verifyProduct } from '../../domain/verify.js';
import type { Router } from '../../http/route.js';

export function verifyRoutes(r: Router) {
  r.serve(VERIFY_API.verify, ({ db, body, codes, req }) => verifyProduct(db, codes, body, req.ip));
}
