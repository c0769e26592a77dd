/**
 * Entering discount codes is limited per shopper and per address, whether on the shop's cart or
 * through an agent's tool (one counter by name), so codes cannot be guessed by trying many.
 */
export const CODE_TRIES = {
  name: "discount-code",
  limits: { perCaller: 10, perIp: 100 },
  message: "Too many discount codes tried. Please wait a minute and try again.",
} as const;
