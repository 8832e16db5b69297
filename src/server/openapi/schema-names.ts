/**
 * The names of the API's shared schemas in the OpenAPI document: every zod schema that a module of
 * src/shared/schemas exports, by its export name (`orderSchema` → `Order`). A schema with a name is written once
 * under components.schemas and referred to wherever a route's schema holds it, so the order that eleven answers
 * carry is written once; a schema without one (a field made by a function, a local object) is written in place.
 * tests/api/openapi.test.ts fails when a module of src/shared/schemas that exports a zod schema is not listed.
 */
import { z } from 'zod';
import * as apiBeads from '../../shared/schemas/api-beads.ts';
import * as apiBooks from '../../shared/schemas/api-books.ts';
import * as apiCommon from '../../shared/schemas/api-common.ts';
import * as apiCustomers from '../../shared/schemas/api-customers.ts';
import * as apiData from '../../shared/schemas/api-data.ts';
import * as apiDataRows from '../../shared/schemas/api-data-rows.ts';
import * as apiOrderHistory from '../../shared/schemas/api-order-history.ts';
import * as apiOrders from '../../shared/schemas/api-orders.ts';
import * as apiPacking from '../../shared/schemas/api-packing.ts';
import * as apiParcels from '../../shared/schemas/api-parcels.ts';
import * as apiPhone from '../../shared/schemas/api-phone.ts';
import * as apiPhotos from '../../shared/schemas/api-photos.ts';
import * as apiPillow from '../../shared/schemas/api-pillow.ts';
import * as apiReminders from '../../shared/schemas/api-reminders.ts';
import * as apiSales from '../../shared/schemas/api-sales.ts';
import * as apiSettings from '../../shared/schemas/api-settings.ts';
import * as apiStock from '../../shared/schemas/api-stock.ts';
import * as apiSystem from '../../shared/schemas/api-system.ts';
import * as apiTodos from '../../shared/schemas/api-todos.ts';
import * as auth from '../../shared/schemas/auth.ts';
import * as bead from '../../shared/schemas/bead.ts';
import * as customer from '../../shared/schemas/customer.ts';
import * as fields from '../../shared/schemas/fields.ts';
import * as messageLines from '../../shared/schemas/message-lines.ts';
import * as order from '../../shared/schemas/order.ts';
import * as orderLine from '../../shared/schemas/order-line.ts';
import * as outgoing from '../../shared/schemas/outgoing.ts';
import * as payment from '../../shared/schemas/payment.ts';
import * as shopSettings from '../../shared/schemas/shop-settings.ts';
import * as stock from '../../shared/schemas/stock.ts';
import * as todo from '../../shared/schemas/todo.ts';

/** The schema modules, by file name (the test compares them with the folder). */
export const SCHEMA_MODULES: Readonly<Record<string, Record<string, unknown>>> = {
  'api-beads.ts': apiBeads,
  'api-books.ts': apiBooks,
  'api-common.ts': apiCommon,
  'api-customers.ts': apiCustomers,
  'api-data.ts': apiData,
  'api-data-rows.ts': apiDataRows,
  'api-order-history.ts': apiOrderHistory,
  'api-orders.ts': apiOrders,
  'api-packing.ts': apiPacking,
  'api-parcels.ts': apiParcels,
  'api-phone.ts': apiPhone,
  'api-photos.ts': apiPhotos,
  'api-pillow.ts': apiPillow,
  'api-reminders.ts': apiReminders,
  'api-sales.ts': apiSales,
  'api-settings.ts': apiSettings,
  'api-stock.ts': apiStock,
  'api-system.ts': apiSystem,
  'api-todos.ts': apiTodos,
  'auth.ts': auth,
  'bead.ts': bead,
  'customer.ts': customer,
  'fields.ts': fields,
  'message-lines.ts': messageLines,
  'order.ts': order,
  'order-line.ts': orderLine,
  'outgoing.ts': outgoing,
  'payment.ts': payment,
  'shop-settings.ts': shopSettings,
  'stock.ts': stock,
  'todo.ts': todo,
};

/** `orderSchema` → `Order`, `apiErrorSchema` → `ApiError`. */
export const componentName = (exportName: string): string => {
  const name = exportName.replace(/Schema$/, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/**
 * A zod registry naming every exported schema, for z.toJSONSchema's `metadata`: a schema exported twice (an
 * alias) keeps its first name; two different schemas of one name stop the document (no silent pick).
 */
export function schemaNames(modules = SCHEMA_MODULES): z.core.$ZodRegistry<{ id: string }> {
  const registry = z.registry<{ id: string }>();
  const owners = new Map<string, string>();
  for (const [file, exports] of Object.entries(modules)) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodType) || registry.has(value)) continue;
      const id = componentName(exportName);
      const owner = owners.get(id);
      if (owner) throw new Error(`OpenAPI: two schemas are called ${id} (${owner} and ${file})`);
      owners.set(id, file);
      registry.add(value, { id });
    }
  }
  return registry;
}
