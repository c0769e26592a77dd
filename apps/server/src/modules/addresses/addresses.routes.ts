import {
  AddressInputSchema,
  AddressPatchSchema,
  SavedAddressListSchema,
  SavedAddressSchema,
} from "@haggle/contract/addresses";
import { z } from "zod";
import { type ApiRoute, defineRoute, pathId } from "../../http/route.ts";
import { deleteAddress, listAddresses, NO_ADDRESS, saveAddress, updateAddress } from "./addresses.service.ts";

const AddressParams = z.object({ id: pathId(NO_ADDRESS) });

/** The shopper's address book (api.md: GET/POST /api/addresses, PATCH/DELETE /api/addresses/:id). */
export const addressRoutes: ApiRoute[] = [
  defineRoute({
    method: "get",
    path: "/api/addresses",
    summary: "The shopper's saved addresses, the last used first",
    tag: "Checkout",
    access: "signed-in",
    response: SavedAddressListSchema,
    handler: async (c, { user }) => await listAddresses(c.get("deps").database.db, user.id),
  }),
  defineRoute({
    method: "post",
    path: "/api/addresses",
    summary: "Save an address (201; the same address again answers the saved one, 200)",
    tag: "Checkout",
    access: "signed-in",
    body: AddressInputSchema,
    status: 201,
    response: SavedAddressSchema,
    handler: async (c, { user, body }) => {
      const { address, created } = await saveAddress(c.get("deps").database.db, user.id, body);
      if (!created) c.status(200);
      return address;
    },
  }),
  defineRoute({
    method: "patch",
    path: "/api/addresses/{id}",
    summary: "Change a saved address (checked as a whole address)",
    tag: "Checkout",
    access: "owner",
    params: AddressParams,
    body: AddressPatchSchema,
    response: SavedAddressSchema,
    handler: async (c, { user, params, body }) =>
      await updateAddress(c.get("deps").database.db, user.id, params.id, body),
  }),
  defineRoute({
    method: "delete",
    path: "/api/addresses/{id}",
    summary: "Delete a saved address (204)",
    tag: "Checkout",
    access: "owner",
    params: AddressParams,
    status: 204,
    handler: async (c, { user, params }) => {
      await deleteAddress(c.get("deps").database.db, user.id, params.id);
      return c.body(null, 204);
    },
  }),
];
