import { it } from "vitest";
import { useShop } from "./support/shop-fixtures.ts";
const shop = useShop("embedded", { seed: false });
it("dbg", async () => {
  const b = shop.server.baseUrl;
  const r = await fetch(`${b}/api/auth/oauth2/register`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_name: "X", redirect_uris: ["http://127.0.0.1:9/cb"], grant_types: ["authorization_code", "refresh_token"], response_types: ["code"], token_endpoint_auth_method: "none", scope: "browse cart offline_access" }) });
  console.log("REGISTER", r.status, [...r.headers].join(" | "), await r.text());
}, 60000);
