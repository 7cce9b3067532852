// Company Master (spec 1 sections 2.14, 5.5): admin keeps the list; everyone's dropdown is scoped.
import { COMPANY_API, COMPANY_LIST, COMPANY_MSG } from '../../../shared/contracts/company.js';
import { companies } from '../../db/schema.js';
import { companyScope } from '../../auth/scope.js';
import { masterRoutes } from '../../http/master.js';
import type { Router } from '../../http/route.js';

export function companyRoutes(r: Router) {
  masterRoutes(r, {
    table: companies,
    scope: (caller) => companyScope(caller, companies.id),
    list: {
      contract: COMPANY_LIST,
      fields: {
        CompId: companies.id,
        CCode: companies.code,
        CompanyName: companies.name,
        CompanyDisplayName: companies.displayName,
        Mobile: companies.mobile,
        GTIN: companies.gtin,
        Email: companies.email,
        Address: companies.address,
        City: companies.city,
        Pincode: companies.pincode,
        CompanyLogo: companies.logo,
        IsActive: companies.isActive,
        CreatedDate: companies.createdAt,
      },
      search: [companies.code, companies.name, companies.displayName, companies.email, companies.city],
    },
    save: {
      endpoint: COMPANY_API.save,
      id: (b) => b.CompId,
      values: (b) => ({
        code: b.CCode,
        name: b.CompanyName,
        displayName: b.CompanyDisplayName,
        mobile: b.Mobile,
        gtin: b.GTIN,
        email: b.Email,
        address: b.Address,
        city: b.City,
        pincode: b.Pincode,
        logo: b.CompanyLogo,
        isActive: b.IsActive,
      }),
      // A company's own staff may correct its record; only an admin adds companies.
      check: async (b, caller) => (b.CompId === 0 && !caller.isAdmin ? COMPANY_MSG.adminOnly : null),
      unique: { companies_code_uq: COMPANY_MSG.duplicateCode },
      messages: { created: COMPANY_MSG.created, updated: COMPANY_MSG.updated, notFound: COMPANY_MSG.notFound },
    },
    dropdown: {
      endpoint: COMPANY_API.dropdown,
      fields: { CompId: companies.id, CompanyName: companies.name },
      orderBy: companies.name,
    },
  });
}
