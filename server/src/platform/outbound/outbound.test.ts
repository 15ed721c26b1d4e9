import type http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver } from "../../../test/support/receiver";
import { checkOutboundUrl, isNonPublicAddress, type HostResolver } from "./address-policy";
import { OutboundError } from "./outbound-error";
import { outboundFetch } from "./outbound-fetch";
import { pinnedFetch } from "./pinned-fetch";

const fakeDns: Record<string, string[]> = {
  "public.example": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "mixed.example": ["93.184.215.14", "10.1.2.3"],
  "metadata.example": ["169.254.169.254"],
  "inside.example": ["fd12:3456::1"],
};
const resolve: HostResolver = async (host) => {
  const found = fakeDns[host];
  if (!found) throw new Error(`ENOTFOUND ${host}`);
  return found;
};

async function refusal(url: string, allowList: string[] = []): Promise<OutboundError> {
  const error = await checkOutboundUrl(url, allowList, { resolve }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  expect((error as OutboundError).kind).toBe("refused");
  return error as OutboundError;
}

describe("SEC-13 checkOutboundUrl", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.0.0.1",
    "172.16.5.4",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "0.1.2.3",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::127.0.0.1",
  ])("%s is not public", (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "93.184.215.14", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "%s is public",
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );

  it("accepts public http and https URLs, by address and by name (all resolved addresses public)", async () => {
    await expect(checkOutboundUrl("https://public.example/hook", [], { resolve })).resolves.toBeInstanceOf(URL);
    await expect(checkOutboundUrl("http://8.8.8.8:8080/x", [], { resolve })).resolves.toBeInstanceOf(URL);
  });

  it("refuses schemes other than http(s), URLs that do not parse and URLs with credentials", async () => {
    for (const url of [
      "ftp://public.example/",
      "file:///etc/passwd",
      "gopher://public.example/",
      "not a url",
      "https://user:pw@public.example/",
    ]) {
      await refusal(url);
    }
  });

  it("refuses loopback, private and link-local hosts, in every spelling", async () => {
    for (const url of [
      "http://127.0.0.1/",
      "http://2130706433/",
      "http://0x7f.0.0.1/",
      "http://[::1]:8080/",
      "http://[::ffff:127.0.0.1]/",
      "http://[fe80::1]/",
      "http://10.0.0.1/",
      "http://192.168.0.10/",
      "http://0.0.0.0/",
    ]) {
      await refusal(url);
    }
  });

  it("refuses a name when any one of its addresses is not public, and a name that does not resolve", async () => {
    expect((await refusal("https://mixed.example/")).message).toContain("10.1.2.3");
    await refusal("https://metadata.example/latest/meta-data");
    await refusal("https://inside.example/");
    expect((await refusal("https://nowhere.example/")).message).toContain("could not be resolved");
  });

  it("allows a non-public host when the allow-list names the host, the address or a range holding it", async () => {
    await expect(checkOutboundUrl("http://127.0.0.1:9/", ["127.0.0.1"], { resolve })).resolves.toBeDefined();
    await expect(checkOutboundUrl("http://127.0.0.5/", ["127.0.0.0/8"], { resolve })).resolves.toBeDefined();
    await expect(checkOutboundUrl("http://[::1]/", ["::1"], { resolve })).resolves.toBeDefined();
    await expect(checkOutboundUrl("http://[fd12:3456::9]/", ["fd12:3456::/32"], { resolve })).resolves.toBeDefined();
    await expect(checkOutboundUrl("https://INSIDE.example./", ["inside.example"], { resolve })).resolves.toBeDefined();
    await expect(checkOutboundUrl("https://metadata.example/", ["169.254.0.0/16"], { resolve })).resolves.toBeDefined();
    await expect(checkOutboundUrl("http://localhost:1/", ["localhost"], { resolve })).resolves.toBeDefined();
  });

  it("an allow-list entry covers only what it names", async () => {
    await refusal("http://127.0.0.2/", ["127.0.0.1"]);
    await refusal("http://10.0.0.1/", ["10.0.1.0/24"]);
    await refusal("https://mixed.example/", ["93.184.215.14"]);
    await refusal("http://[::1]/", ["127.0.0.0/8", "localhost", "not/a-cidr"]);
  });

  it("an address's verdict is kept per list and says the same every time: another list judges anew", async () => {
    const list = ["10.0.0.0/8"];
    for (let i = 0; i < 3; i++) {
      await expect(checkOutboundUrl("http://10.1.1.1/", list, { resolve })).resolves.toBeDefined();
      await refusal("http://192.168.1.1/", list);
      await expect(checkOutboundUrl("http://93.184.215.14/", list, { resolve })).resolves.toBeDefined();
    }
    for (let i = 0; i < 2; i++) {
      await refusal("http://10.1.1.1/", ["192.168.0.0/16"]);
      await expect(checkOutboundUrl("http://192.168.1.1/", ["192.168.0.0/16"], { resolve })).resolves.toBeDefined();
    }
    // A name is resolved and judged on every request, whatever was judged for its address.
    await refusal("https://metadata.example/", list);
  });
});

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A local server answering with `handler`; `hits` lists "METHOD /path" of what it got. */
async function serve(host: string, handler: Handler) {
  const receiver = await startReceiver({ host, handle: handler });
  return {
    url: receiver.url,
    get hits() {
      return receiver.requests.map((request) => `${request.method} ${request.path}`);
    },
    close: receiver.close,
  };
}

describe("SEC-13 outboundFetch", () => {
  let origin: Awaited<ReturnType<typeof serve>>;
  let other: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    // A second loopback address stands in for "an internal host" the first one redirects to.
    other = await serve("127.0.0.2", (_req, res) => res.end("internal"));
    origin = await serve("127.0.0.1", (req, res) => {
      const path = req.url ?? "/";
      if (path === "/to-internal") res.writeHead(302, { location: `${other.url}/secret` }).end();
      else if (path === "/to-self") res.writeHead(307, { location: "/echo" }).end();
      else if (path === "/loop") res.writeHead(302, { location: "/loop" }).end();
      else if (path === "/slow") setTimeout(() => res.end("late"), 2000);
      else if (path === "/big") res.end("x".repeat(5000));
      else if (path === "/echo") {
        let body = "";
        req.on("data", (c: Buffer) => (body += c.toString()));
        req.on("end", () =>
          res.writeHead(201, { "x-seen": String(req.headers["x-test"]) }).end(`${req.method}:${body}`),
        );
      } else res.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await origin?.close();
    await other?.close();
  });

  const allow = ["127.0.0.1"];

  it("SEC-13 the address that passed the check is the one dialled: a name re-resolved differently (DNS rebinding) gains nothing", async () => {
    // The check sees 127.0.0.1 (allow-listed by address) for a name the system resolver does not know; if the
    // connection resolved the name again it would fail (or, with a rebinding DNS server, reach another address).
    let resolutions = 0;
    const resolve: HostResolver = async () => {
      resolutions += 1;
      return ["127.0.0.1"];
    };
    const port = new URL(origin.url).port;
    const res = await outboundFetch(
      `http://rebinding.invalid:${port}/echo`,
      { method: "POST", body: "pinned" },
      { allowList: allow, timeoutMs: 2000, resolve },
    );
    expect(res.status).toBe(201);
    expect(res.body).toBe("POST:pinned");
    expect(resolutions).toBe(1);
  });

  it("returns status, headers, body and duration of an allow-listed request", async () => {
    const res = await outboundFetch(
      `${origin.url}/echo`,
      { method: "POST", headers: { "x-test": "yes" }, body: "hello" },
      { allowList: allow, timeoutMs: 2000 },
    );
    expect(res).toMatchObject({ status: 201, body: "POST:hello", truncated: false });
    expect(res.headers["x-seen"]).toBe("yes");
    expect(res.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("refuses a loopback URL that is not allow-listed, without connecting", async () => {
    await expect(outboundFetch(`${other.url}/secret`, {}, { allowList: allow, timeoutMs: 2000 })).rejects.toMatchObject(
      {
        kind: "refused",
      },
    );
    expect(other.hits).toEqual([]);
  });

  it("does not follow a redirect to an address that is not allow-listed", async () => {
    const error = await outboundFetch(
      `${origin.url}/to-internal`,
      {},
      { allowList: allow, timeoutMs: 2000, maxRedirects: 3 },
    )
      .then(() => null)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "refused" });
    expect(other.hits).toEqual([]);
  });

  it("follows allowed redirects, re-checking each, and keeps the method and body on 307", async () => {
    const res = await outboundFetch(
      `${origin.url}/to-self`,
      { method: "POST", body: "kept" },
      { allowList: allow, timeoutMs: 2000, maxRedirects: 1 },
    );
    expect(res).toMatchObject({ status: 201, body: "POST:kept", url: `${origin.url}/echo` });
    const both = await outboundFetch(
      `${origin.url}/to-internal`,
      {},
      {
        allowList: ["127.0.0.1", "127.0.0.2"],
        timeoutMs: 2000,
        maxRedirects: 1,
      },
    );
    expect(both).toMatchObject({ status: 200, body: "internal" });
  });

  it("returns the redirect itself once maxRedirects is used up", async () => {
    const res = await outboundFetch(`${origin.url}/loop`, {}, { allowList: allow, timeoutMs: 2000, maxRedirects: 2 });
    expect(res.status).toBe(302);
    expect(origin.hits.filter((h) => h === "GET /loop")).toHaveLength(3);
  });

  it("times out as a whole", async () => {
    const started = Date.now();
    await expect(outboundFetch(`${origin.url}/slow`, {}, { allowList: allow, timeoutMs: 150 })).rejects.toMatchObject({
      kind: "timeout",
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("caps the body it reads", async () => {
    const res = await outboundFetch(`${origin.url}/big`, {}, { allowList: allow, timeoutMs: 2000, maxBodyBytes: 1000 });
    expect(res.body).toHaveLength(1000);
    expect(res.truncated).toBe(true);
  });

  it("reports a refused connection as a network failure", async () => {
    const closed = await serve("127.0.0.1", () => {});
    await closed.close();
    await expect(outboundFetch(closed.url, {}, { allowList: allow, timeoutMs: 2000 })).rejects.toMatchObject({
      kind: "network",
      message: expect.stringContaining("ECONNREFUSED") as unknown as string,
    });
  });
});

describe("SEC-13 pinnedFetch (the MCP and model clients' fetch)", () => {
  let origin: Awaited<ReturnType<typeof serve>>;
  let internal: Awaited<ReturnType<typeof serve>>;

  beforeAll(async () => {
    internal = await serve("127.0.0.2", (_req, res) => res.end("internal"));
    origin = await serve("127.0.0.1", (req, res) => {
      if (req.url === "/to-internal") res.writeHead(302, { location: `${internal.url}/secret` }).end();
      else if (req.url === "/events") {
        // An SSE answer whose second event comes only after the first was read: the body must stream.
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write("data: one\n\n");
        setTimeout(() => res.end("data: two\n\n"), 50);
      } else if (req.url === "/endless" || req.url === "/endless-events") {
        // Never ends on its own: only a cap applied while reading lets the client finish.
        if (req.url === "/endless-events") res.writeHead(200, { "content-type": "text/event-stream" });
        const timer = setInterval(() => res.write(`data: ${"x".repeat(1024)}\n\n`), 1);
        res.on("close", () => clearInterval(timer));
      } else if (req.url === "/headers") {
        res.end(JSON.stringify(req.headers));
      } else {
        let body = "";
        req.on("data", (c: Buffer) => (body += c.toString()));
        req.on("end", () =>
          res
            .writeHead(200, {
              "x-host": String(req.headers.host),
              "x-content-type": String(req.headers["content-type"]),
              "x-accept-encoding": String(req.headers["accept-encoding"]),
              "set-cookie": ["a=1", "b=2"],
            })
            .end(`${req.method}:${body}`),
        );
      }
    });
  });
  afterAll(async () => {
    await origin?.close();
    await internal?.close();
  });

  it("SEC-13 maxBodyBytes cuts an answer while it is read, an endless one and an endless event stream alike (too_large)", async () => {
    const fetch = pinnedFetch({ allowList: ["127.0.0.1"], maxBodyBytes: 64 * 1024 });
    await expect(fetch(`${origin.url}/endless`)).rejects.toMatchObject({ name: "OutboundError", kind: "too_large" });
    const events = await fetch(`${origin.url}/endless-events`);
    expect(events.status).toBe(200);
    await expect(events.text()).rejects.toMatchObject({ kind: "too_large" });
    // Under the cap, answers are read whole as before.
    expect(await (await fetch(`${origin.url}/events`)).text()).toBe("data: one\n\ndata: two\n\n");
  });

  it("SEC-13 dials the address that passed the check: a name the system cannot resolve reaches the checked address", async () => {
    let resolutions = 0;
    const fetch = pinnedFetch({
      allowList: ["127.0.0.1"],
      resolve: async () => {
        resolutions += 1;
        return ["127.0.0.1"];
      },
    });
    const port = new URL(origin.url).port;
    const res = await fetch(`http://rebinding.invalid:${port}/echo`, { method: "POST", body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('POST:{"a":1}');
    expect(res.headers.get("x-host")).toBe(`rebinding.invalid:${port}`);
    expect(res.headers.get("set-cookie")).toBe("a=1, b=2");
    expect(resolutions).toBe(1);
  });

  it("SEC-13 a host name is resolved and judged on every request (its URL's verdict is not kept); an address's is", async () => {
    const answers = [["127.0.0.1"], ["10.0.0.1"]];
    let resolutions = 0;
    const fetch = pinnedFetch({ allowList: ["127.0.0.1"], resolve: async () => answers[resolutions++]! });
    const port = new URL(origin.url).port;
    const url = `http://named.invalid:${port}/echo`;
    expect((await fetch(url, { method: "POST", body: "1" })).status).toBe(200);
    // The same URL again: the name now resolves to an address the list does not allow.
    await expect(fetch(url, { method: "POST", body: "2" })).rejects.toMatchObject({ kind: "refused" });
    expect(resolutions).toBe(2);
    for (const body of ["3", "4"])
      expect(await (await fetch(`${origin.url}/echo`, { method: "POST", body })).text()).toBe(`POST:${body}`);
  });

  it("sends a text body with its headers, and a Request with a stream body alike; never asks for compression", async () => {
    const fetch = pinnedFetch({ allowList: ["127.0.0.1"] });
    const headers = new Headers({ "content-type": "application/json", "accept-encoding": "gzip" });
    const text = await fetch(`${origin.url}/echo`, { method: "post", headers, body: '{"b":2}' });
    expect(await text.text()).toBe('POST:{"b":2}');
    expect(text.headers.get("x-content-type")).toBe("application/json");
    expect(text.headers.get("x-accept-encoding")).toBe("undefined");
    const untyped = await fetch(new URL(`${origin.url}/echo`), { method: "PUT", body: "plain" });
    expect(await untyped.text()).toBe("PUT:plain");
    expect(untyped.headers.get("x-content-type")).toBe("text/plain;charset=UTF-8");
    const streamed = new Request(`${origin.url}/echo`, {
      method: "POST",
      body: new Blob(["from ", "a stream"]).stream(),
      duplex: "half",
    } as RequestInit);
    const answer = await fetch(streamed);
    expect(await answer.text()).toBe("POST:from a stream");
  });

  it("headers given as [name, value] pairs are sent as the same pairs in a Headers would be (names lower-cased, values trimmed, a repeated name joined)", async () => {
    const fetch = pinnedFetch({ allowList: ["127.0.0.1"] });
    const pairs: Array<[string, string]> = [
      ["X-One", " a\t"],
      ["x-one", "b"],
      ["Content-Type", "application/json"],
      ["Accept-Encoding", "gzip"],
      ["x-plain", "kept as it is"],
    ];
    const sent = async (headers: RequestInit["headers"]) =>
      JSON.parse(
        await (await fetch(`${origin.url}/headers`, { method: "POST", headers, body: "{}" })).text(),
      ) as Record<string, string>;
    const fromPairs = await sent(pairs);
    expect(fromPairs).toEqual(await sent(new Headers(pairs)));
    expect(fromPairs).toMatchObject({
      "x-one": "a, b",
      "content-type": "application/json",
      "x-plain": "kept as it is",
    });
    expect(fromPairs["accept-encoding"]).toBeUndefined();
  });

  it("a lean answer reads as a Response does, and `sent` is called once the body was written, not when refused", async () => {
    const fetch = pinnedFetch({ allowList: ["127.0.0.1"], lean: true });
    let sent = 0;
    const init = { method: "POST", body: Buffer.from('{"c":3}'), sent: () => (sent += 1) };
    const res = await fetch(`${origin.url}/echo`, init);
    expect(res).not.toBeInstanceOf(Response);
    expect([res.status, res.ok, res.headers.get("Set-Cookie"), res.headers.get("x-nothing")]).toEqual([
      200,
      true,
      "a=1, b=2",
      null,
    ]);
    expect([...res.headers.entries()].map(([name]) => name)).toContain("x-host");
    expect(await res.clone().text()).toBe('POST:{"c":3}');
    expect(await res.text()).toBe('POST:{"c":3}');
    await expect(res.text()).rejects.toBeInstanceOf(TypeError);
    expect(sent).toBe(1);
    await expect(fetch(`${internal.url}/secret`, { ...init, sent: () => (sent += 10) })).rejects.toBeInstanceOf(
      OutboundError,
    );
    expect(sent).toBe(1);
  });

  it("SEC-13 refuses a host that is not allow-listed before connecting", async () => {
    const fetch = pinnedFetch({ allowList: ["127.0.0.1"] });
    await expect(fetch(`${internal.url}/secret`)).rejects.toBeInstanceOf(OutboundError);
    expect(internal.hits).toEqual([]);
  });

  it("SEC-13 answers a redirect as it came and never follows it", async () => {
    const res = await pinnedFetch({ allowList: ["127.0.0.1"] })(`${origin.url}/to-internal`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`${internal.url}/secret`);
    expect(internal.hits).toEqual([]);
  });

  it("streams the body as it arrives (server-sent events)", async () => {
    const res = await pinnedFetch({ allowList: ["127.0.0.1"] })(`${origin.url}/events`);
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: one\n\n");
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += new TextDecoder().decode(chunk.value);
    }
    expect(rest).toBe("data: two\n\n");
  });
});
