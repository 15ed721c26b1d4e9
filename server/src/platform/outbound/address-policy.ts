import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { OutboundError } from "./outbound-error";

/**
 * SEC-13, the guard of every outbound request: only http(s), and no host that resolves to a loopback, link-local,
 * private or otherwise non-public address unless the allow-list names the host or the address. The connection then
 * goes to the address that was checked (both fetches dial through `pinnedLookup`): a DNS server answering
 * differently between the check and the connection (DNS rebinding) gains nothing.
 */

/** Every address a host name resolves to. */
export type HostResolver = (host: string) => Promise<string[]>;

const systemResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Not reachable from the public internet: refused unless allow-listed. IPv4-mapped IPv6 matches the IPv4 rules. */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // RFC 1918
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local (cloud metadata)
  ["172.16.0.0", 12], // RFC 1918
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // RFC 1918
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved and broadcast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback ::1 and IPv4-compatible addresses
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");
}

interface AllowList {
  hosts: Set<string>;
  addresses: BlockList;
  /**
   * The verdict on each IP-literal host this list has judged (true: may be called). It is a pure function
   * of the address and the list, so it is kept (bounded); a host name is resolved and judged on every request.
   */
  literals: Map<string, boolean>;
}

const MAX_KEPT_LITERALS = 1024;

function normaliseHost(host: string): string {
  return host
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
}

/** Parsed lists by the configured array (the same one on every request): parsed once, not per request. */
const parsedAllowLists = new WeakMap<readonly string[], AllowList>();

/** Entries are host names, IP addresses or CIDR ranges (IPv4 or IPv6); an entry that is none of these never matches an address. */
function parseAllowList(entries: readonly string[]): AllowList {
  let parsed = parsedAllowLists.get(entries);
  if (!parsed) {
    parsed = parseAllowListEntries(entries);
    parsedAllowLists.set(entries, parsed);
  }
  return parsed;
}

function parseAllowListEntries(entries: readonly string[]): AllowList {
  const hosts = new Set<string>();
  const addresses = new BlockList();
  const literals = new Map<string, boolean>();
  for (const raw of entries) {
    const entry = normaliseHost(raw.trim());
    if (!entry) continue;
    const [network = "", prefixText] = entry.split("/");
    const family = isIP(network);
    if (family === 0) {
      hosts.add(entry);
      continue;
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefixText === undefined) {
      addresses.addAddress(network, type);
      continue;
    }
    const prefix = Number(prefixText);
    if (Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128)) {
      addresses.addSubnet(network, prefix, type);
    }
  }
  return { hosts, addresses, literals };
}

function familyOf(address: string): "ipv4" | "ipv6" {
  return isIP(address) === 6 ? "ipv6" : "ipv4";
}

/** True when the address is loopback, link-local, private or otherwise not public. */
export function isNonPublicAddress(address: string): boolean {
  return NON_PUBLIC.check(address, familyOf(address));
}

/** SEC-13: a public address, or one the allow-list names. */
function mayCall(address: string, allowed: AllowList): boolean {
  return !isNonPublicAddress(address) || allowed.addresses.check(address, familyOf(address));
}

function raceSignal<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error as Error);
      },
    );
  });
}

/**
 * Checks a URL against SEC-13 and returns it parsed; throws OutboundError("refused") with a sentence saying why.
 * Every address the host resolves to must be public or allow-listed.
 */
export async function checkOutboundUrl(
  url: string | URL,
  allowList: readonly string[],
  options: { resolve?: HostResolver; signal?: AbortSignal } = {},
): Promise<URL> {
  return (await checkAndResolve(url, allowList, options)).url;
}

/**
 * The checked URL and the addresses that passed (null: an allow-listed host name, resolved as usual). `named`: the
 * verdict came from resolving a host name (it may differ on the next request); false: it is a pure function of the
 * URL and the allow list (an IP-literal host, or a host the list names).
 */
export async function checkAndResolve(
  url: string | URL,
  allowList: readonly string[],
  options: { resolve?: HostResolver; signal?: AbortSignal },
): Promise<{ url: URL; addresses: string[] | null; named: boolean }> {
  let parsed: URL;
  try {
    parsed = typeof url === "string" ? new URL(url) : url;
  } catch {
    throw new OutboundError("refused", `'${String(url)}' is not an absolute URL.`);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new OutboundError("refused", `Only http and https URLs may be called; '${parsed.protocol}' is not allowed.`);
  }
  if (parsed.username || parsed.password) {
    throw new OutboundError("refused", "The URL must not carry a user name or password; send credentials as headers.");
  }
  const host = normaliseHost(parsed.hostname);
  if (!host) throw new OutboundError("refused", "The URL has no host.");
  const allowed = parseAllowList(allowList);
  if (allowed.hosts.has(host)) return { url: parsed, addresses: null, named: false };

  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
    const kept = allowed.literals.get(host);
    if (kept === true) return { url: parsed, addresses, named: false };
    if (kept === undefined) {
      if (allowed.literals.size >= MAX_KEPT_LITERALS) allowed.literals.clear();
      allowed.literals.set(host, mayCall(host, allowed));
    }
  } else {
    try {
      addresses = await raceSignal((options.resolve ?? systemResolver)(host), options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      addresses = [];
    }
    if (addresses.length === 0) throw new UnresolvedHostError(host);
  }
  for (const address of addresses) {
    if (!mayCall(address, allowed)) {
      throw new OutboundError(
        "refused",
        `The host '${host}' resolves to ${address}, a loopback, link-local or private address; ` +
          "outbound requests may reach it only when OUTBOUND_ALLOW_HOSTS names the host or the address.",
      );
    }
  }
  return { url: parsed, addresses, named: isIP(host) === 0 };
}

/**
 * SEC-13 when a URL is saved (a webhook subscription, a tool's webhook): why a call to it would be refused, or null.
 * `unresolvedPasses`: a host name that does not resolve now is let through — the call checks again, and refuses it
 * then unless it resolves to public addresses.
 */
export async function outboundUrlRefusal(
  url: string,
  allowList: readonly string[],
  options: { resolve?: HostResolver; unresolvedPasses?: boolean } = {},
): Promise<string | null> {
  try {
    await checkAndResolve(url, allowList, options);
    return null;
  } catch (error) {
    if (error instanceof UnresolvedHostError && options.unresolvedPasses) return null;
    if (error instanceof OutboundError) return error.message;
    throw error;
  }
}

/** A refusal because the host resolved to nothing: the one a URL's save may let through (`unresolvedPasses`). */
class UnresolvedHostError extends OutboundError {
  constructor(host: string) {
    super("refused", `The host '${host}' could not be resolved.`);
  }
}

/** A `lookup` that answers with the checked addresses only: the connection cannot go anywhere else. */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, a: typeof entries) => void)(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  };
}
