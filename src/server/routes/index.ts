// Every API area, registered in one place.
import type { Router } from '../http/route.js';
import { accessRightRoutes } from './account/access-right.js';
import { loginRoutes } from './account/login.js';
import { meRoutes } from './account/me.js';
import { cartonRoutes } from './masters/carton.js';
import { companyRoutes } from './masters/company.js';
import { referenceRoutes } from './masters/reference.js';
import { userMasterRoutes } from './masters/users.js';
import { categoryRoutes } from './masters/category.js';
import { productConfigurationRoutes } from './masters/product-configuration.js';
import { productRoutes } from './masters/product.js';
import { uploadRoutes } from './uploads/file-upload.js';
import { siteRoutes } from './masters/sites.js';
import { priceRoutes } from './masters/price.js';
import { issueNumberRoutes } from './numbers/issue.js';
import { stockRoutes } from './numbers/stock.js';
import { demapRoutes } from './numbers/demap.js';
import { damageRoutes } from './numbers/damage.js';
import { slipIdRoutes } from './numbers/slip-ids.js';
import { generationRoutes } from './numbers/generation.js';
import { staticPairRoutes } from './numbers/static-pair.js';
import { mappingUploadRoutes } from './numbers/mapping-upload.js';
import { mappingRoutes } from './numbers/mapping.js';

import { floorRoutes } from './floor/index.js';
import { verifyRoutes } from './public/verify.js';

export function registerRoutes(r: Router) {
  loginRoutes(r);
  meRoutes(r);
  accessRightRoutes(r);
  cartonRoutes(r);
  companyRoutes(r);
  referenceRoutes(r);
  userMasterRoutes(r);
  categoryRoutes(r);
  productConfigurationRoutes(r);
  productRoutes(r);
  uploadRoutes(r);
  siteRoutes(r);
  priceRoutes(r);
  issueNumberRoutes(r);
  stockRoutes(r);
  demapRoutes(r);
  damageRoutes(r);
  slipIdRoutes(r);
  generationRoutes(r);
  staticPairRoutes(r);
  mappingUploadRoutes(r);
  mappingRoutes(r);
  floorRoutes(r);
  verifyRoutes(r);
}
