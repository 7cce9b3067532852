// Carton Size Master (spec 1 sections 2.13, 5.4): a declaration on the master machinery.
import { CARTON_API, CARTON_LIST, CARTON_MSG } from '../../../shared/contracts/carton.js';
import { cartons } from '../../db/schema.js';
import { masterRoutes } from '../../http/master.js';
import type { Router } from '../../http/route.js';

export function cartonRoutes(r: Router) {
  masterRoutes(r, {
    table: cartons,
    // One set of sizes for every company (docs/masters.md): the page's users read it, the admin changes it.
    adminWrites: CARTON_MSG.adminOnly,
    list: {
      contract: CARTON_LIST,
      fields: {
        CartonId: cartons.id,
        CartonName: cartons.name,
        CartonSize: cartons.size,
        Description: cartons.description,
        IsActive: cartons.isActive,
        CreatedDate: cartons.createdAt,
      },
      search: [cartons.name, cartons.size, cartons.description],
    },
    save: {
      endpoint: CARTON_API.save,
      id: (b) => b.CartonId,
      values: (b) => ({ name: b.CartonName, size: b.CartonSize, description: b.Description, isActive: b.IsActive }),
      unique: { cartons_name_uq: CARTON_MSG.duplicate },
      messages: { created: CARTON_MSG.created, updated: CARTON_MSG.updated, notFound: CARTON_MSG.notFound },
    },
    dropdown: {
      endpoint: CARTON_API.dropdown,
      fields: { CartonId: cartons.id, CartonName: cartons.name, CartonSize: cartons.size },
      orderBy: cartons.size,
    },
  });
}
