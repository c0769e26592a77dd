import {
  UCP_VERSION,
  type UcpCapabilities,
  type UcpCapabilityEntry,
} from "@haggle/domain/ucp/ucp-negotiation";

/*
 * This shop's UCP business profile (/.well-known/ucp) and the `ucp` metadata of its checkout
 * answers. Capabilities: the checkout, and the fulfillment extension (the shipping address and
 * the one shipping option). Payment handlers: what the shop can take, named in this shop's
 * own namespace (com.haggle.*): payment by hand (on delivery or bank transfer) when it takes no
 * cards, or a delegated Stripe payment token when STRIPE_* is set.
 */

const SPEC = `https://ucp.dev/${UCP_VERSION}/specification`;
const SCHEMAS = `https://ucp.dev/${UCP_VERSION}/schemas`;
export const CHECKOUT = "dev.ucp.shopping.checkout";
export const FULFILLMENT = "dev.ucp.shopping.fulfillment";

/** The handler ids a completion may name, by whether the shop takes cards. */
export const MANUAL_HANDLER_ID = "pay_by_hand";
export const STRIPE_HANDLER_ID = "stripe_token";

export const BUSINESS_CAPABILITIES: UcpCapabilities = {
  [CHECKOUT]: [
    { version: UCP_VERSION, spec: `${SPEC}/checkout`, schema: `${SCHEMAS}/shopping/checkout.json` },
  ],
  [FULFILLMENT]: [
    {
      version: UCP_VERSION,
      spec: `${SPEC}/fulfillment`,
      schema: `${SCHEMAS}/shopping/fulfillment.json`,
      extends: CHECKOUT,
    },
  ],
};

export function paymentHandlers(takesCards: boolean): Record<string, Record<string, unknown>[]> {
  return takesCards
    ? {
        "com.haggle.stripe_token": [
          {
            id: STRIPE_HANDLER_ID,
            version: UCP_VERSION,
            available_instruments: [{ type: "card" }],
            config: { provider: "stripe", credential: "a Stripe shared payment token in credential.token" },
          },
        ],
      }
    : {
        "com.haggle.pay_by_hand": [
          {
            id: MANUAL_HANDLER_ID,
            version: UCP_VERSION,
            available_instruments: [{ type: "pay_by_hand" }],
            config: { settles: "on delivery or by bank transfer; nothing is charged at checkout" },
          },
        ],
      };
}

/** GET /.well-known/ucp: the REST service, the capabilities, the payment handlers. */
export function businessProfile(publicUrl: string, takesCards: boolean) {
  return {
    ucp: {
      version: UCP_VERSION,
      services: {
        "dev.ucp.shopping": [
          {
            version: UCP_VERSION,
            spec: `${SPEC}/overview`,
            transport: "rest",
            endpoint: `${publicUrl}/ucp`,
            schema: `https://ucp.dev/${UCP_VERSION}/services/shopping/rest.openapi.json`,
          },
        ],
      },
      capabilities: BUSINESS_CAPABILITIES,
      payment_handlers: paymentHandlers(takesCards),
    },
  };
}

/** The `ucp` of a checkout answer: the negotiated capabilities (name and version) and the handlers. */
export function checkoutMeta(active: Record<string, UcpCapabilityEntry>, takesCards: boolean) {
  return {
    version: UCP_VERSION,
    status: "success" as const,
    capabilities: Object.fromEntries(
      Object.entries(active).map(([name, entry]) => [
        name,
        [{ version: entry.version, ...(entry.extends ? { extends: entry.extends } : {}) }],
      ]),
    ),
    payment_handlers: paymentHandlers(takesCards),
  };
}
