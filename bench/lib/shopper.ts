/** A benchmark shopper: signs up, fills a cart and checks out over HTTP, keeping its cookies. */

/** Where every benchmark order ships; paid manually (the default, no provider to wait for). */
export const CHECKOUT_BODY = {
  address: {
    name: "Bench Shopper",
    line1: "1 Market Street",
    city: "San Francisco",
    region: "CA",
    postalCode: "94105",
    country: "US",
  },
  paymentMethod: "manual",
};

export class Shopper {
  private cookie = "";
  /** `origin`: the shop's public address, when `baseUrl` is another way in (one replica of several). */
  constructor(
    private baseUrl: string,
    private readonly origin?: string,
  ) {}

  /** The Cookie header its requests send (for a load tool that sends the same request again). */
  get cookieHeader(): string {
    return this.cookie;
  }

  /** The same shopper (its session cookie) against another address, e.g. a restarted server. */
  moveTo(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  /** The same shopper (its cookies and origin) through another address, for requests in parallel. */
  at(baseUrl: string): Shopper {
    const other = new Shopper(baseUrl, this.origin ?? this.baseUrl);
    other.cookie = this.cookie;
    return other;
  }

  /** A request with the shopper's cookies: its status and parsed JSON body (null if none). */
  request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.send(method, path, body === undefined ? undefined : JSON.stringify(body), {
      "content-type": "application/json",
      ...headers,
    });
  }

  /** A request whose body is raw bytes (a file upload): its status and parsed JSON body. */
  upload(method: string, path: string, bytes: Uint8Array, contentType: string) {
    return this.send(method, path, bytes, { "content-type": contentType });
  }

  private async send(
    method: string,
    path: string,
    body: string | Uint8Array | undefined,
    headers: Record<string, string>,
  ) {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { origin: this.origin ?? this.baseUrl, cookie: this.cookie, ...headers },
      body,
    });
    const setCookie = res.headers.getSetCookie().map((c) => c.split(";")[0]);
    if (setCookie.length > 0) this.cookie = setCookie.join("; ");
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, json };
  }

  /** A GET whose streamed answer (server-sent events) the caller reads itself. */
  open(path: string): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      headers: { origin: this.origin ?? this.baseUrl, cookie: this.cookie },
    });
  }

  /** A request whose answer only matters by its status. */
  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return (await this.request(method, path, body, headers)).status;
  }
}

/** Signs up `count` shoppers at once; throws unless every sign-up succeeds. */
export async function signUpShoppers(baseUrl: string, count: number, label = "bench"): Promise<Shopper[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const s = new Shopper(baseUrl);
      const status = await s.call("POST", "/api/auth/sign-up/email", {
        email: `${label}.${Date.now()}.${i}@example.com`,
        password: "secret123",
        name: `Bench ${i}`,
      });
      if (status !== 200) throw new Error(`sign-up failed: ${status}`);
      return s;
    }),
  );
}

/** Ids of the listed products with at least `minStock` in stock (the first 200, featured first). */
export async function productsInStock(baseUrl: string, minStock = 20): Promise<string[]> {
  const list = (await (await fetch(`${baseUrl}/api/products?pageSize=200&sort=featured`)).json()) as {
    items: { id: string; stockLevel: number }[];
  };
  return list.items.filter((p) => p.stockLevel >= minStock).map((p) => p.id);
}
