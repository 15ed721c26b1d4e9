export const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** Polls `probe` every 25 ms until it returns something truthy, or fails after `ms`. */
export async function until<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  ms = 15_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(25);
  }
}
