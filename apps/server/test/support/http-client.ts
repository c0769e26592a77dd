/**
 * A small HTTP client that behaves like a browser for our purposes: it keeps cookies and sends
 * the shop's Origin on requests, so tests exercise the same rules a real page meets.
 */
export class HttpClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private readonly origin: string | null = baseUrl,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (this.cookies.size > 0) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (this.origin) h.origin = this.origin;
    if (body !== undefined) h["content-type"] ??= "application/json";
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      redirect: "manual",
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const eq = pair?.indexOf("=") ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes and assert on them.
    return { status: response.status, headers: response.headers, json: json as any, text };
  }

  /** A POST of raw bytes (a file upload), answered like request(). */
  async upload(path: string, bytes: Uint8Array, contentType: string) {
    const h: Record<string, string> = { "content-type": contentType };
    if (this.cookies.size > 0) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (this.origin) h.origin = this.origin;
    const response = await fetch(`${this.baseUrl}${path}`, { method: "POST", headers: h, body: bytes });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON shapes and assert on them.
    const json: any = text.startsWith("{") ? JSON.parse(text) : null;
    return { status: response.status, json };
  }

  /** A POST whose streamed answer the caller reads itself (server-sent events). */
  async stream(path: string, body: unknown) {
    const h: Record<string, string> = { "content-type": "application/json" };
    if (this.cookies.size > 0) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (this.origin) h.origin = this.origin;
    return fetch(`${this.baseUrl}${path}`, { method: "POST", headers: h, body: JSON.stringify(body) });
  }

  /** One negotiation turn: the shopper's message, answered by Ava's streamed reply. */
  async say(negotiationId: string, content: string) {
    const res = await this.stream("/functions/v1/negotiate-cart", {
      negotiationId,
      messages: [{ role: "user", content }],
    });
    if (!res.ok)
      return {
        status: res.status,
        text: "",
        display: "",
        done: false,
        error: (await res.json()) as { error: { message: string } },
      };
    const chat = await readChatStream(res);
    return {
      status: res.status,
      ...chat,
      display: chat.text.replace(/<NEGOTIATION_DATA>[\s\S]*?<\/NEGOTIATION_DATA>/g, "").trim(),
      error: null,
    };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request("GET", path, undefined, headers);
  }
  post(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("POST", path, body ?? {}, headers);
  }

  async signUp(email: string, password = "secret123", name = "Test Shopper") {
    return this.post("/api/auth/sign-up/email", { email, password, name });
  }
  async signIn(email: string, password = "secret123") {
    return this.post("/api/auth/sign-in/email", { email, password });
  }
}

let counter = 0;
export const uniqueEmail = (prefix = "shopper") => `${prefix}.${Date.now()}.${counter++}@example.com`;

/** Reads a server-sent-event response of the spec's format into its text, events and the [DONE] mark. */
export async function readChatStream(response: Response) {
  const raw = await response.text();
  let text = "";
  let done = false;
  const events: Record<string, unknown>[] = [];
  for (const line of raw.split("\n")) {
    if (!line.startsWith("data:")) continue;
    const data = line.slice(5).trim();
    if (data === "[DONE]") {
      done = true;
      continue;
    }
    const json = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] } & Record<
      string,
      unknown
    >;
    events.push(json);
    text += json.choices?.[0]?.delta?.content ?? "";
  }
  return { raw, text, done, events };
}
